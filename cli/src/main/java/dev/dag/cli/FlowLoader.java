package dev.dag.cli;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Defines a user's flow inside the command's JVM, for {@code dag plan}: attaches the dag agent if the JVM was not
 * started with it, loads the project's classes from {@code --classpath}, and calls the static method that defines
 * the flow ({@code com.acme.Flows#orders}): it returns a {@link Flow}, or an object whose {@code flow()} does.
 */
final class FlowLoader {
    private FlowLoader() {
    }

    /**
     * Runs {@code use} with the defined flow, the project's classes as the thread's context class loader.
     *
     * @throws DefinitionException for a method that cannot be found or called
     */
    static <T> T withFlow(String reference, String classpath, Function<Flow, T> use) {
        int hash = reference.indexOf('#');
        if (hash <= 0 || hash == reference.length() - 1) {
            throw new DefinitionException("--flow " + reference + ": give CLASS#METHOD, e.g. "
                    + "com.acme.OrdersFlow#define (a static method without parameters that returns the Flow).");
        }
        attachAgent();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader project = new URLClassLoader(urls(classpath), FlowLoader.class.getClassLoader())) {
            thread.setContextClassLoader(project);
            return use.apply(define(project, reference.substring(0, hash), reference.substring(hash + 1)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static Flow define(ClassLoader loader, String className, String methodName) {
        try {
            Method method = Class.forName(className, true, loader).getDeclaredMethod(methodName);
            if (!Modifier.isStatic(method.getModifiers())) {
                throw new DefinitionException("--flow " + className + "#" + methodName + " is not static: dag calls it "
                        + "without an object.");
            }
            method.setAccessible(true);
            Object defined = method.invoke(null);
            if (defined instanceof Flow flow) {
                return flow;
            }
            Flow inside = flowInside(defined);
            if (inside == null) {
                throw new DefinitionException("--flow " + className + "#" + methodName + " returned " + defined
                        + ", not a Flow (or an object whose flow() returns one).");
            }
            return inside;
        } catch (ClassNotFoundException e) {
            throw new DefinitionException("--flow: class " + className + " is not on the --classpath: " + e.getMessage());
        } catch (NoSuchMethodException e) {
            throw new DefinitionException("--flow: " + className + " has no method " + methodName + "() without "
                    + "parameters.");
        } catch (IllegalAccessException e) {
            throw new DefinitionException("--flow: " + className + "#" + methodName + " cannot be called: "
                    + e.getMessage());
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime; // the definition's own error, e.g. a DefinitionException at the user's line
            }
            throw new DefinitionException("--flow " + className + "#" + methodName + " failed: " + cause);
        }
    }

    /** What {@code defined.flow()} returns when it is a Flow, else null. */
    private static Flow flowInside(Object defined) throws IllegalAccessException, InvocationTargetException {
        if (defined == null) {
            return null;
        }
        try {
            Method flow = defined.getClass().getMethod("flow");
            flow.setAccessible(true);
            return flow.invoke(defined) instanceof Flow inside ? inside : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** The entries of a class path: folders, jars, and {@code folder/*} for every jar in a folder. */
    private static URL[] urls(String classpath) {
        List<URL> urls = new ArrayList<>();
        if (classpath == null || classpath.isBlank()) {
            return new URL[0];
        }
        for (String entry : classpath.split(File.pathSeparator)) {
            try {
                if (entry.endsWith("*")) {
                    Path folder = Path.of(entry.substring(0, entry.length() - 1));
                    try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder, "*.jar")) {
                        for (Path jar : jars) {
                            urls.add(jar.toUri().toURL());
                        }
                    }
                } else if (!entry.isBlank()) {
                    urls.add(Path.of(entry).toAbsolutePath().toUri().toURL());
                }
            } catch (MalformedURLException e) {
                throw new DefinitionException("--classpath entry '" + entry + "' is not a path: " + e.getMessage());
            } catch (IOException e) {
                throw new UncheckedIOException("--classpath entry '" + entry + "' cannot be listed", e);
            }
        }
        return urls.toArray(URL[]::new);
    }

    /**
     * Attaches the agent (idempotent: nothing happens when the JVM was started with {@code -javaagent}). The agent
     * jar is among the command's libraries; attaching uses the JDK's attach mechanism (Java 21 and later warn about
     * it unless started with {@code -XX:+EnableDynamicAgentLoading}).
     */
    private static void attachAgent() {
        try {
            Class.forName("dev.dag.agent.DagAgent").getMethod("install").invoke(null);
        } catch (InvocationTargetException e) {
            throw new DefinitionException("dag plan needs the dag agent and could not attach it: " + e.getCause()
                    .getMessage() + " Start the command with -javaagent:/path/to/dag-agent.jar instead.");
        } catch (ReflectiveOperationException e) {
            throw new DefinitionException("dag plan needs the dag agent, which is not next to the command (lib/"
                    + "dag-agent-*.jar): start it with -javaagent:/path/to/dag-agent.jar.");
        }
    }
}
