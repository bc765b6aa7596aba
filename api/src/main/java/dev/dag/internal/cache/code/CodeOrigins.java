package dev.dag.internal.cache.code;

import dev.dag.internal.hash.Hashes;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.ProtectionDomain;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Where a class comes from, relative to one task: project code (walked), a library (identified, not walked) or
 * the JDK and generated classes (ignored).
 *
 * <p>Project code is a class from the task class's own code source (its classes folder or jar), or whose name
 * starts with one of the configured project packages. dag-api itself is a library, even when a project package
 * would match it or when it is shaded into the project's jar (then told apart by its packages). A library is identified by its file: small jars by a hash of their content, which is the same
 * on every machine; bigger ones by their size and last-modified time. Identities are computed once per JVM.
 */
final class CodeOrigins {
    enum Origin { IGNORED, LIBRARY, PROJECT }

    /** Jars up to this size are hashed (a few milliseconds each, once per JVM); bigger ones are stat'ed. */
    private static final long HASHED_JAR_BYTES = 8L << 20;

    private static final ClassValue<String> LOCATIONS = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return locationOf(type);
        }
    };
    private static final ConcurrentMap<String, String> IDENTITIES = new ConcurrentHashMap<>();
    private static final ConcurrentMap<String, String> KEYS = new ConcurrentHashMap<>();
    private static final String DAG = location(CodeOrigins.class);

    private final String root;
    private final List<String> projectPackages;

    /** Origins relative to a task whose class was loaded from {@code rootLocation}. */
    CodeOrigins(String rootLocation, Collection<String> projectPackages) {
        this.root = rootLocation;
        this.projectPackages = projectPackages.stream().filter(prefix -> !prefix.isBlank()).toList();
    }

    /** The code source of {@code type} as a URL text, or "" for the JDK and classes without one. */
    static String location(Class<?> type) {
        return LOCATIONS.get(type);
    }

    Origin of(Class<?> type) {
        String location = location(type);
        if (location.isEmpty()) {
            return Origin.IGNORED;
        }
        String name = type.getName();
        if (location.equals(DAG) && (!root.equals(DAG) || isDagApi(name))) {
            return Origin.LIBRARY;
        }
        if (location.equals(root)) {
            return Origin.PROJECT;
        }
        for (String prefix : projectPackages) {
            if (name.startsWith(prefix)) {
                return Origin.PROJECT;
            }
        }
        return Origin.LIBRARY;
    }

    /** True for the classes of dag-api's packages ({@code dev.dag} and {@code dev.dag.internal.*}). */
    private static boolean isDagApi(String className) {
        return className.startsWith("dev.dag.internal.")
                || className.startsWith("dev.dag.") && className.indexOf('.', "dev.dag.".length()) < 0;
    }

    /** The part key of the library {@code type} comes from: "lib:" and the jar's file name. */
    String libraryKey(Class<?> type) {
        String location = location(type);
        if (location.equals(root)) {
            return "lib:dag-api"; // shaded into the project's jar: named apart from it
        }
        return KEYS.computeIfAbsent(location, CodeOrigins::keyOf);
    }

    /** The identity of the library {@code type} comes from, computed once per JVM. */
    String libraryIdentity(Class<?> type) {
        String location = location(type);
        if (location.equals(root)) {
            // the jar's identity would change with every edit of the project: dag-api's version instead
            String version = CodeOrigins.class.getPackage() == null ? null
                    : CodeOrigins.class.getPackage().getImplementationVersion();
            return "shaded, version " + (version == null ? "unknown" : version);
        }
        return IDENTITIES.computeIfAbsent(location, CodeOrigins::identify);
    }

    private static String keyOf(String location) {
        try {
            Path path = Path.of(URI.create(location));
            if (Files.isDirectory(path)) {
                // a classes folder: "api/target/classes" says more than "classes"
                int count = path.getNameCount();
                return "lib:" + path.subpath(Math.max(0, count - 3), count).toString().replace('\\', '/');
            }
            return "lib:" + path.getFileName();
        } catch (RuntimeException e) {
            String trimmed = location.replaceAll("[!/]+$", "");
            return "lib:" + trimmed.substring(trimmed.lastIndexOf('/') + 1);
        }
    }

    private static String identify(String location) {
        try {
            Path path = Path.of(URI.create(location));
            if (Files.isDirectory(path)) {
                return "directory";
            }
            long size = Files.size(path);
            if (size > HASHED_JAR_BYTES) {
                return "size=" + size + " modified=" + Files.getLastModifiedTime(path);
            }
            MessageDigest digest = Hashes.sha256();
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = Files.newInputStream(path)) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    digest.update(buffer, 0, read);
                }
            }
            return "sha256:" + HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException | RuntimeException e) {
            return "unidentified";
        }
    }

    private static String locationOf(Class<?> type) {
        try {
            ProtectionDomain domain = type.getProtectionDomain();
            CodeSource source = domain == null ? null : domain.getCodeSource();
            if (source == null || source.getLocation() == null) {
                return "";
            }
            String location = source.getLocation().toExternalForm();
            return location.startsWith("jrt:") ? "" : location;
        } catch (RuntimeException e) {
            return "";
        }
    }
}
