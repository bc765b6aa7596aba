package dev.dag.internal.cache.code;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The release coordinates of a jar, from the {@code META-INF/maven/<group>/<artifact>/pom.properties} Maven writes
 * into it: a jar with one such file (or several, one of them matching the jar's file name) whose version is not a
 * {@code -SNAPSHOT}. Read once per jar per JVM (the jar's directory of entries, and one small file).
 */
final class ReleasedJars {
    /** A released artifact. */
    record Coordinates(String groupId, String artifactId, String version) {
    }

    private static final ConcurrentMap<String, Optional<Coordinates>> KNOWN = new ConcurrentHashMap<>();

    private ReleasedJars() {
    }

    /** The coordinates of the jar at {@code location} (a code source URL), or null if it is no released jar. */
    static Coordinates coordinates(String location) {
        return KNOWN.computeIfAbsent(location, ReleasedJars::read).orElse(null);
    }

    private static Optional<Coordinates> read(String location) {
        try {
            Path path = Path.of(URI.create(location));
            if (!Files.isRegularFile(path)) {
                return Optional.empty();
            }
            try (JarFile jar = new JarFile(path.toFile(), false)) {
                List<Coordinates> found = new ArrayList<>();
                for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                    JarEntry entry = entries.nextElement();
                    if (entry.getName().startsWith("META-INF/maven/") && entry.getName().endsWith("/pom.properties")) {
                        found.add(read(jar, entry));
                    }
                }
                return pick(found, path.getFileName().toString());
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Coordinates read(JarFile jar, JarEntry entry) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = jar.getInputStream(entry)) {
            properties.load(in);
        }
        return new Coordinates(properties.getProperty("groupId", ""), properties.getProperty("artifactId", ""),
                properties.getProperty("version", ""));
    }

    /** The jar's own coordinates among those it holds (a shaded jar holds those of what it bundles too). */
    private static Optional<Coordinates> pick(List<Coordinates> found, String fileName) {
        Coordinates own = found.size() == 1 ? found.get(0) : found.stream()
                .filter(candidate -> fileName.equals(candidate.artifactId() + "-" + candidate.version() + ".jar"))
                .findFirst().orElse(null);
        if (own == null || own.groupId().isEmpty() || own.artifactId().isEmpty() || own.version().isEmpty()
                || own.version().endsWith("-SNAPSHOT")) {
            return Optional.empty();
        }
        return Optional.of(own);
    }
}
