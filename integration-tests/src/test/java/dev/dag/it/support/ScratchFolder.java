package dev.dag.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A new folder in the test JVM's temporary folder ({@code target/} under Maven, see the parent pom) for the files
 * of one test or one child process; {@link #close()} deletes it with everything in it. A child process that uses it
 * as its temporary folder leaves nothing behind even when it is killed: DuckDB unpacks its native library into
 * {@code java.io.tmpdir} and deletes it only when the JVM ends normally.
 */
public final class ScratchFolder implements AutoCloseable {
    private static final Set<Path> UNTIL_EXIT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> UNTIL_EXIT.forEach(ScratchFolder::delete),
                "delete scratch folders"));
    }

    private final Path path;

    private ScratchFolder(Path path) {
        this.path = path;
    }

    /** A new, empty folder whose name starts with {@code prefix}; close it when done. */
    public static ScratchFolder create(String prefix) {
        try {
            return new ScratchFolder(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A new, empty folder in {@code /tmp} rather than under {@code target/} (the test JVMs' {@code TMPDIR} points
     * there too), for a program whose paths must stay short: Chromium keeps a UNIX socket in its temporary
     * folder, and a socket's path holds at most 107 bytes. Close it when done; it is deleted when the test JVM ends
     * at the latest.
     */
    public static ScratchFolder createShort(String prefix) {
        try {
            ScratchFolder folder = new ScratchFolder(Files.createTempDirectory(Path.of("/tmp"), prefix));
            UNTIL_EXIT.add(folder.path);
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A new, empty folder deleted when the test JVM ends: for files a test cannot delete earlier, such as the class
     * files of a class loader that stays in use.
     */
    public static Path untilExit(String prefix) {
        Path folder = create(prefix).path;
        UNTIL_EXIT.add(folder);
        return folder;
    }

    public Path path() {
        return path;
    }

    public Path resolve(String name) {
        return path.resolve(name);
    }

    /** The option that makes a child JVM write its temporary files here. */
    public String javaTmpdirOption() {
        return "-Djava.io.tmpdir=" + path;
    }

    /** {@code builder}, its process's {@code TMPDIR} (read by programs that are not JVMs) set to this folder. */
    public ProcessBuilder asTmpdirOf(ProcessBuilder builder) {
        builder.environment().put("TMPDIR", path.toString());
        return builder;
    }

    @Override
    public void close() {
        delete(path);
    }

    /** Deletes {@code folder} with everything in it; what cannot be deleted stays, under the build folder. */
    static void delete(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a file vanished while walking: what is left stays under target/, which mvn clean removes
        }
    }
}
