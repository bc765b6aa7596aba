package dev.dag;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A ready-made {@link Freshness} for tasks that read files: each file's size and modification time (or, with
 * {@link Content}, a hash of its bytes), so that a changed file reruns the task and its consumers. A folder stands
 * for every file under it; a missing file is a fingerprint too (its creation reruns the task).
 *
 * <p>The files are the task's arguments that are a {@link Path} or a {@link File} (also inside a list or an array):
 * <pre>{@code
 * @Materialize(version = "1", freshness = FileFreshness.class)
 * static Table orders(Path csv) throws IOException { ... Files.readAllLines(csv) ... }
 * }</pre>
 * or, for a task that names its file itself, the paths given by a subclass:
 * <pre>{@code
 * public static final class OrdersCsv extends FileFreshness {
 *     public OrdersCsv() { super("data/orders.csv"); }
 * }
 * }</pre>
 */
public class FileFreshness implements Freshness {
    private final List<Path> paths;

    /** The files are the task's arguments that are paths or files. */
    public FileFreshness() {
        this.paths = List.of();
    }

    /** The files are {@code paths} (relative to the working folder), whatever the task's arguments. */
    protected FileFreshness(String... paths) {
        this.paths = Stream.of(paths).map(Path::of).toList();
    }

    /**
     * The fingerprint of the files: path → {@code "size=…,modified=…"} (or {@link #of(Path)} of a subclass), in path
     * order.
     */
    @Override
    public Object fingerprint(Object... args) throws IOException {
        List<Path> files = paths.isEmpty() ? pathsIn(args) : paths;
        Map<String, String> fingerprint = new TreeMap<>();
        for (Path path : files) {
            if (Files.isDirectory(path)) {
                try (Stream<Path> under = Files.walk(path)) {
                    for (Path file : under.filter(Files::isRegularFile).toList()) {
                        fingerprint.put(file.toString(), of(file));
                    }
                }
            } else {
                fingerprint.put(path.toString(), Files.exists(path) ? of(path) : "missing");
            }
        }
        if (fingerprint.isEmpty()) {
            throw new IllegalArgumentException("FileFreshness found no file: give the task a Path or File argument, "
                    + "or name the files in a subclass (super(\"data/orders.csv\"))");
        }
        return fingerprint;
    }

    /** The fingerprint of one existing file: its size and modification time. */
    protected String of(Path file) throws IOException {
        return "size=" + Files.size(file) + ",modified=" + Files.getLastModifiedTime(file).toMillis();
    }

    /**
     * A {@link FileFreshness} by the SHA-256 of each file's bytes: reads the files on every run, and reruns only when
     * their content changed (a file copied or checked out again with a new modification time keeps its tables).
     */
    public static class Content extends FileFreshness {
        /** The files are the task's arguments that are paths or files. */
        public Content() {
        }

        /** The files are {@code paths}, whatever the task's arguments. */
        protected Content(String... paths) {
            super(paths);
        }

        @Override
        protected String of(Path file) throws IOException {
            MessageDigest digest;
            try {
                digest = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JVM has SHA-256", e);
            }
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buffer = new byte[64 * 1024];
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    digest.update(buffer, 0, read);
                }
            }
            return "sha256=" + HexFormat.of().formatHex(digest.digest());
        }
    }

    private static List<Path> pathsIn(Object[] args) {
        List<Path> found = new ArrayList<>();
        for (Object arg : args) {
            collect(arg, found);
        }
        return found;
    }

    private static void collect(Object value, List<Path> found) {
        if (value instanceof Path path) {
            found.add(path);
        } else if (value instanceof File file) {
            found.add(file.toPath());
        } else if (value instanceof Collection<?> values) {
            values.forEach(element -> collect(element, found));
        } else if (value instanceof Object[] values) {
            for (Object element : values) {
                collect(element, found);
            }
        }
    }
}
