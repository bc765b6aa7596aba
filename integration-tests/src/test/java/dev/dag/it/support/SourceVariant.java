package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Materialize;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * One version of a task class's source, compiled now (with debug information, as a build would) and loaded
 * by a class loader of its own: the way a test edits a task's code between two runs in one JVM. The agent
 * weaves the class when it loads, as it would a class of the application.
 */
public final class SourceVariant {
    private SourceVariant() {
    }

    /**
     * The class {@code className}, compiled from {@code source} into a fresh folder (deleted when the test JVM ends)
     * and loaded anew.
     */
    public static Class<?> load(String className, String source) {
        return load(className, source, List.of("-g"));
    }

    /** Same, compiled with {@code debugOptions} ({@code -g}, {@code -g:none}, ...) instead of {@code -g}. */
    public static Class<?> load(String className, String source, List<String> debugOptions) {
        try {
            Path folder = ScratchFolder.untilExit("dag-variant-"); // the class loader reads its class files later
            Path file = folder.resolve(className.substring(className.lastIndexOf('.') + 1) + ".java");
            Files.writeString(file, source);
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            StringWriter errors = new StringWriter();
            List<String> options = new ArrayList<>(debugOptions);
            options.addAll(List.of("-d", folder.toString(), "-cp", dagApi()));
            boolean compiled = compiler.getTask(errors, null, null, options, null,
                    compiler.getStandardFileManager(null, null, null).getJavaFileObjects(file.toFile())).call();
            assertTrue(compiled, () -> "the variant compiles: " + errors);
            URLClassLoader loader = new URLClassLoader(new URL[] {folder.toUri().toURL()},
                    SourceVariant.class.getClassLoader());
            return Class.forName(className, true, loader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
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
