package dev.dag.internal.cache.code;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Table;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Source variants compiled at test time (with full debug information, so that line numbers and local variable
 * names are in the class files and must be ignored), each loaded in its own class loader.
 */
final class Variants {
    private static final JavaCompiler COMPILER = ToolProvider.getSystemJavaCompiler();

    private Variants() {
    }

    /** Compiles {@code sources} (path like "dev/example/Tasks.java" → text) into {@code dir}/classes. */
    static Path compile(Path dir, Map<String, String> sources, Path... classpath) {
        return compile(dir, sources, List.of("-g"), classpath);
    }

    /** Same, with {@code debugOptions} ({@code -g}, {@code -g:none}, {@code -parameters}, ...) instead of -g. */
    static Path compile(Path dir, Map<String, String> sources, List<String> debugOptions, Path... classpath) {
        try {
            Path src = dir.resolve("src");
            Path classes = Files.createDirectories(dir.resolve("classes"));
            List<File> files = new ArrayList<>();
            for (Map.Entry<String, String> source : sources.entrySet()) {
                Path file = src.resolve(source.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, source.getValue(), StandardCharsets.UTF_8);
                files.add(file.toFile());
            }
            String path = Stream.concat(Stream.of(dagApi()), Arrays.stream(classpath))
                    .map(Path::toString).collect(Collectors.joining(File.pathSeparator));
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            try (StandardJavaFileManager manager = COMPILER.getStandardFileManager(diagnostics, null,
                    StandardCharsets.UTF_8)) {
                List<String> options = new ArrayList<>(debugOptions);
                options.addAll(List.of("-proc:none", "--release", "17", "-classpath", path, "-d", classes.toString()));
                boolean ok = COMPILER.getTask(null, manager, diagnostics, options, null,
                        manager.getJavaFileObjectsFromFiles(files)).call();
                assertTrue(ok, () -> "the variant compiles: " + diagnostics.getDiagnostics());
            }
            return classes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A jar {@code jar} of the class files under {@code classes}. */
    static Path jar(Path classes, Path jar) {
        return jar(classes, jar, Map.of(), System.currentTimeMillis());
    }

    /**
     * A jar {@code jar} of the class files under {@code classes} and the {@code extra} entries (name → text), every
     * entry stamped with {@code time} (milliseconds), as a build at that time would write it.
     */
    static Path jar(Path classes, Path jar, Map<String, String> extra, long time) {
        try {
            Files.createDirectories(jar.getParent());
            try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out);
                 Stream<Path> files = Files.walk(classes)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    putEntry(jarOut, classes.relativize(file).toString().replace('\\', '/'),
                            Files.readAllBytes(file), time);
                }
                for (Map.Entry<String, String> entry : new TreeMap<>(extra).entrySet()) {
                    putEntry(jarOut, entry.getKey(), entry.getValue().getBytes(StandardCharsets.UTF_8), time);
                }
            }
            Files.setLastModifiedTime(jar, FileTime.fromMillis(time));
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void putEntry(JarOutputStream jar, String name, byte[] bytes, long time) throws IOException {
        JarEntry entry = new JarEntry(name);
        entry.setTime(time);
        jar.putNextEntry(entry);
        jar.write(bytes);
        jar.closeEntry();
    }

    /** A new class loader over {@code roots} (folders or jars), the test's loader as parent (for dag-api). */
    static URLClassLoader loader(Path... roots) {
        return new URLClassLoader(urls(roots), Variants.class.getClassLoader());
    }

    static URL[] urls(Path... roots) {
        try {
            URL[] urls = new URL[roots.length];
            for (int i = 0; i < roots.length; i++) {
                urls[i] = roots[i].toUri().toURL();
            }
            return urls;
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The one method {@code name} of the class {@code className}. */
    static Method method(ClassLoader loader, String className, String name) {
        try {
            Method found = null;
            for (Method method : Class.forName(className, false, loader).getDeclaredMethods()) {
                if (method.getName().equals(name)) {
                    found = method;
                }
            }
            assertNotNull(found, className + "." + name);
            return found;
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    /** The folder or jar dag-api's classes are in. */
    static Path dagApi() {
        try {
            return Path.of(Table.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
