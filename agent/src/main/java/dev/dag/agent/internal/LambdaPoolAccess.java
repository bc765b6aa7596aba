package dev.dag.agent.internal;

import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Lets dag read the constant pool of a lambda's class, the one place that says which of several lambdas of the same
 * shape in one class an object is (so that a task called with another lambda reruns). Exports two internal packages
 * of {@code java.base} to the class path, as {@code --add-exports java.base/jdk.internal.access=ALL-UNNAMED} would,
 * but to the application class loader's code only: exports, not opens, so no private member becomes accessible.
 */
final class LambdaPoolAccess {
    private static final Set<String> PACKAGES = Set.of("jdk.internal.access", "jdk.internal.reflect");

    private LambdaPoolAccess() {
    }

    /** Exports the packages; a JVM that refuses leaves dag to tell lambdas apart by their shape only. */
    static void export(Instrumentation instrumentation) {
        try {
            Module base = Object.class.getModule();
            Set<Module> classPath = Set.of(ClassLoader.getSystemClassLoader().getUnnamedModule());
            Map<String, Set<Module>> exports = new HashMap<>();
            PACKAGES.forEach(name -> exports.put(name, classPath));
            instrumentation.redefineModule(base, Set.of(), exports, Map.of(), Set.of(), Map.of());
        } catch (RuntimeException e) {
            AgentLog.debug("lambda classes stay unreadable to dag: " + e);
        }
    }
}
