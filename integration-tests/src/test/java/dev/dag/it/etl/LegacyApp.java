package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * An application that has never heard of dag, built the way its team builds it: the sources under
 * {@code src/test/resources/legacy-app} compiled against its own libraries (Jackson 2.17, HikariCP 5, SLF4J 1.7,
 * PostgreSQL driver 42.7.13, DuckDB; copied by the build into {@code target/legacy-app-lib}) into
 * {@code app.jar}. No dag jar is on its class path: only the agent brings dag.
 */
final class LegacyApp {
    private static final Path SOURCES = Path.of("src", "test", "resources", "legacy-app");
    private static final Path LIBRARIES = Path.of(System.getProperty("dag.it.legacyLib", "target/legacy-app-lib"));
    private static final Path BUILD = Path.of("target", "legacy-app");

    private static String classPath;

    private LegacyApp() {
    }

    /** The application's class path: its jar and its libraries, built once per JVM. */
    static synchronized String classPath() {
        if (classPath == null) {
            classPath = build();
        }
        return classPath;
    }

    private static String build() {
        try {
            List<String> libraries = list(LIBRARIES, ".jar");
            assertTrue(libraries.size() >= 5, "the build copies the application's libraries to " + LIBRARIES
                    + " (mvn verify runs it): " + libraries);
            assertTrue(libraries.stream().noneMatch(jar -> jar.contains("dag-")), "no dag jar: " + libraries);
            Path classes = BUILD.resolve("classes");
            Files.createDirectories(classes);
            List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17",
                    "-cp", String.join(File.pathSeparator, libraries)));
            arguments.addAll(list(SOURCES, ".java"));
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            assertEquals(0, javac.run(null, null, null, arguments.toArray(String[]::new)), "the application compiles");
            Path jar = BUILD.resolve("app.jar");
            write(jar, classes);
            List<String> path = new ArrayList<>(List.of(jar.toAbsolutePath().toString()));
            libraries.forEach(library -> path.add(Path.of(library).toAbsolutePath().toString()));
            return String.join(File.pathSeparator, path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> list(Path folder, String suffix) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.map(Path::toString).filter(name -> name.endsWith(suffix)).sorted().toList();
        }
    }

    private static void write(Path jar, Path classes) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             Stream<Path> files = Files.walk(classes)) {
            for (Path each : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(each).toString().replace(File.separatorChar, '/')));
                Files.copy(each, out);
                out.closeEntry();
            }
        }
    }
}
