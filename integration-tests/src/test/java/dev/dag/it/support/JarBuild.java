package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Materialize;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds as a build tool would, for stories of rebuilt code: sources compiled into a folder, and jars of a folder
 * (or copies of a jar) whose entries carry the time of the build, so that two builds of the same sources differ in
 * their bytes and in nothing a task can observe.
 */
public final class JarBuild {
    private JarBuild() {
    }

    /** Compiles {@code sources} (path like "lib/Quote.java" → text) into {@code dir}, against dag-api and {@code classpath}. */
    public static Path compile(Path dir, Map<String, String> sources, Path... classpath) {
        try {
            Path src = dir.resolve("src");
            Path classes = Files.createDirectories(dir.resolve("classes"));
            List<Path> files = new ArrayList<>();
            for (Map.Entry<String, String> source : sources.entrySet()) {
                Path file = src.resolve(source.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, source.getValue());
                files.add(file);
            }
            StringBuilder path = new StringBuilder(dagApi());
            for (Path entry : classpath) {
                path.append(java.io.File.pathSeparator).append(entry);
            }
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            StringWriter errors = new StringWriter();
            boolean compiled = compiler.getTask(errors, null, null,
                    List.of("-g", "-d", classes.toString(), "-cp", path.toString()), null,
                    compiler.getStandardFileManager(null, null, null).getJavaFileObjectsFromPaths(files)).call();
            assertTrue(compiled, () -> "the sources compile: " + errors);
            return classes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A jar of the files under {@code classes} and the {@code extra} entries (name → text), built at {@code time}. */
    public static Path jar(Path classes, Map<String, String> extra, Path jar, long time) {
        Map<String, byte[]> entries = new TreeMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                entries.put(classes.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        extra.forEach((name, text) -> entries.put(name, text.getBytes(StandardCharsets.UTF_8)));
        return write(entries, jar, time);
    }

    /** The jar {@code original} built again at {@code time}: the same entries, other timestamps, other bytes. */
    public static Path rebuilt(Path original, Path jar, long time) {
        Map<String, byte[]> entries = new TreeMap<>();
        try (JarFile in = new JarFile(original.toFile(), false)) {
            for (Enumeration<JarEntry> all = in.entries(); all.hasMoreElements(); ) {
                JarEntry entry = all.nextElement();
                if (!entry.isDirectory()) {
                    entries.put(entry.getName(), in.getInputStream(entry).readAllBytes());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return write(entries, jar, time);
    }

    private static Path write(Map<String, byte[]> entries, Path jar, long time) {
        try {
            Files.createDirectories(jar.getParent());
            // the manifest first, where JarInputStream looks for it
            Map<String, byte[]> ordered = new TreeMap<>((a, b) -> a.equals(JarFile.MANIFEST_NAME) ? -1
                    : b.equals(JarFile.MANIFEST_NAME) ? 1 : a.compareTo(b));
            ordered.putAll(entries);
            try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out)) {
                for (Map.Entry<String, byte[]> entry : ordered.entrySet()) {
                    JarEntry written = new JarEntry(entry.getKey());
                    written.setTime(time);
                    jarOut.putNextEntry(written);
                    jarOut.write(entry.getValue());
                    jarOut.closeEntry();
                }
            }
            Files.setLastModifiedTime(jar, FileTime.fromMillis(time));
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String dagApi() {
        try {
            return Path.of(Materialize.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
