package dev.dag.agent.internal.bundle;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The jars of the bundled dag as files a class loader can open. In the agent jar they are entries of
 * {@value #FOLDER}: they are copied once into a folder of the temporary directory named after the agent jar's
 * size and time, shared by later JVMs started with the same jar. Run from the agent's classes folder (its own
 * tests), the folder is read as it is.
 */
final class BundleFiles {
    /** The folder of the agent jar holding the bundled jars, filled by the agent module's build. */
    static final String FOLDER = "dag-bundle/";

    private BundleFiles() {
    }

    /** The bundled jars; empty when the agent was built without them. */
    static List<Path> jars() throws IOException {
        Path agent = agentLocation();
        if (Files.isDirectory(agent)) {
            Path folder = agent.resolve(FOLDER);
            if (!Files.isDirectory(folder)) {
                return List.of();
            }
            try (Stream<Path> files = Files.list(folder)) {
                return files.filter(file -> file.toString().endsWith(".jar")).sorted().toList();
            }
        }
        try (JarFile jar = new JarFile(agent.toFile())) {
            return extracted(jar, cacheFolder(agent));
        }
    }

    private static Path agentLocation() throws IOException {
        try {
            return Path.of(BundleFiles.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot find the agent's own jar", e);
        }
    }

    /**
     * One folder per build of the agent jar (a rebuilt jar gets a fresh copy), made by this user: a folder of that
     * name that someone else made is not trusted, and this JVM copies the jars into a private folder instead.
     */
    private static Path cacheFolder(Path agent) throws IOException {
        Path temp = Path.of(System.getProperty("java.io.tmpdir"));
        String key = Long.toHexString(Files.size(agent)) + "-" + Long.toHexString(Files.getLastModifiedTime(agent).toMillis());
        Path folder = temp.resolve("dag-agent-" + System.getProperty("user.name", "") + "-" + key);
        Path fresh = Files.createTempDirectory(temp, "dag-agent-");
        if (!Files.isDirectory(folder)) {
            try {
                Files.move(fresh, folder, StandardCopyOption.ATOMIC_MOVE);
                return folder;
            } catch (IOException e) {
                // another JVM made it first
            }
        }
        if (Files.getOwner(folder).equals(Files.getOwner(fresh))) {
            Files.delete(fresh);
            return folder;
        }
        return fresh;
    }

    private static List<Path> extracted(JarFile jar, Path folder) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
            JarEntry entry = entries.nextElement();
            String name = entry.getName();
            if (name.startsWith(FOLDER) && name.endsWith(".jar") && name.indexOf('/', FOLDER.length()) < 0) {
                jars.add(extracted(jar, entry, folder.resolve(name.substring(FOLDER.length()))));
            }
        }
        jars.sort(null);
        return jars;
    }

    /** Copies one jar unless a complete copy is there: written aside, then moved, so a reader never sees half. */
    private static Path extracted(JarFile jar, JarEntry entry, Path target) throws IOException {
        if (Files.isRegularFile(target) && Files.size(target) == entry.getSize()) {
            return target;
        }
        Path part = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".part");
        try (InputStream in = jar.getInputStream(entry)) {
            Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(part);
        }
        return target;
    }
}
