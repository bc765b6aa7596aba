package dev.dag.agent.internal;

import dev.dag.agent.internal.bundle.BundledDag;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's transformer. Most classes leave after a name check and a scan of their bytes for the task
 * annotation; only classes that carry tasks (or the main class, when a run is opened around it) reach
 * the {@link Weaver} (ASM's classes load only then). Never throws into the JVM: a failure is one line on
 * stderr and the class stays unchanged.
 */
final class TaskClassTransformer implements ClassFileTransformer {
    private static final String MATERIALIZE = "dev.dag.Materialize";

    private final TaskDeclarations declarations;
    private final UnmatchedDeclarations unmatched;
    private final String mainClass;
    private final String mainRun;
    private final ClassLoaderSeesDag seesDag = new ClassLoaderSeesDag();
    private final Weaver weaver;

    TaskClassTransformer(TaskDeclarations declarations, String mainClass, String mainRun) {
        this.declarations = declarations;
        this.unmatched = new UnmatchedDeclarations(declarations.all());
        this.weaver = new Weaver(unmatched::matched);
        this.mainClass = mainClass;
        this.mainRun = mainRun;
    }

    @Override
    public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
                            byte[] classFile) {
        if (loader == null || internalName == null || IgnoredTypes.matches(internalName)) {
            return null;
        }
        try {
            String className = internalName.replace('/', '.');
            boolean main = className.equals(mainClass);
            List<TaskDeclarations.Declaration> declared = declarations.forClass(className);
            if (!main && declared.isEmpty() && !ClassBytes.mentionsTaskAnnotation(classFile)) {
                return null;
            }
            if (!declared.isEmpty()) {
                unmatched.classLoaded(className);
            }
            BridgeCalls bridge = bridge(loader, main || !declared.isEmpty());
            if (bridge == null) {
                return null;
            }
            byte[] woven = weaver.weave(className, classFile, declared, main ? mainRun : null, bridge);
            if (woven != null) {
                AgentLog.debug("instrumented " + className);
            }
            return woven;
        } catch (Throwable e) {
            AgentLog.warn("could not instrument " + internalName + "; its tasks run as plain Java", e);
            return null;
        }
    }

    /**
     * dag-api's bridge when the class's loader sees dag-api; else, for a class the agent's options name (a
     * {@code tasks:} entry, the main class of {@code flow=}), the bridge of the dag the agent carries, if it loads;
     * else null: the class stays as it is.
     */
    private BridgeCalls bridge(ClassLoader loader, boolean named) {
        if (seesDag.matches(loader)) {
            return BridgeCalls.APPLICATION;
        }
        return named && !BundledDag.isBundleLoader(loader) && BundledDag.available() ? BridgeCalls.BUNDLED : null;
    }

    /** Retransforms the classes loaded before the agent (attach at runtime) that carry tasks. */
    void retransformLoaded(Instrumentation instrumentation) {
        List<Class<?>> candidates = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (type.getClassLoader() != null && !type.isArray() && instrumentation.isModifiableClass(type)
                    && !IgnoredTypes.matches(type.getName().replace('.', '/')) && carriesTasks(type)) {
                candidates.add(type);
            }
        }
        if (candidates.isEmpty()) {
            return;
        }
        try {
            instrumentation.retransformClasses(candidates.toArray(Class<?>[]::new));
        } catch (Throwable e) {
            AgentLog.warn("could not retransform " + candidates.size() + " classes loaded before the agent", e);
        }
    }

    private boolean carriesTasks(Class<?> type) {
        if (!declarations.forClass(type.getName()).isEmpty() || type.getName().equals(mainClass)) {
            return true;
        }
        try {
            for (Method method : type.getDeclaredMethods()) {
                for (var annotation : method.getDeclaredAnnotations()) {
                    if (annotation.annotationType().getName().equals(MATERIALIZE)) {
                        return true;
                    }
                }
            }
        } catch (Throwable e) {
            // a class whose methods cannot be resolved carries no task we could run
        }
        return false;
    }
}
