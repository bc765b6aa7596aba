package dev.dag.agent.internal;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;

import java.lang.instrument.Instrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Installs the transformer that weaves {@link TaskAdvice} into every {@code @Materialize} method.
 * Runs once per JVM; never throws: a failure is one line on stderr and the application runs unchanged.
 */
public final class AgentInstaller {
    /** Same value as dag-api's {@code AgentPresence.PROPERTY}. */
    static final String INSTALLED_PROPERTY = "dev.dag.agent.installed";
    private static final String MATERIALIZE = "dev.dag.Materialize";

    private static volatile boolean installed;

    private AgentInstaller() {
    }

    /** Whether the transformer is installed in this JVM. */
    public static boolean isInstalled() {
        return installed;
    }

    /**
     * Installs the transformer once.
     *
     * @param retransform whether classes already loaded must be transformed too (attach at runtime)
     */
    public static synchronized void install(Instrumentation instrumentation, boolean retransform) {
        if (installed) {
            return;
        }
        try {
            builder(retransform).installOn(instrumentation);
            installed = true;
            System.setProperty(INSTALLED_PROPERTY, version());
            AgentLog.debug("installed (retransform=" + retransform + ")");
        } catch (Throwable e) {
            AgentLog.warn("could not install; @Materialize methods will run as plain Java", e);
        }
    }

    private static AgentBuilder builder(boolean retransform) {
        ElementMatcher.Junction<MethodDescription> task = isAnnotatedWith(named(MATERIALIZE)).and(not(isAbstract()));
        Advice advice = BridgeHandles.mapping().to(TaskAdvice.class);
        AgentBuilder builder = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(new FailureListener())
                .ignore(ignoredTypes());
        if (retransform) {
            builder = builder.with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
        }
        return builder
                .type(declaresMethod(task), new ClassLoaderSeesDag())
                .transform((typeBuilder, type, loader, module, domain) -> typeBuilder.visit(advice.on(task))
                        .visit(new CallSiteCapture()));
    }

    /** Packages that never hold tasks; rejected by name before any class file is parsed. */
    private static ElementMatcher.Junction<TypeDescription> ignoredTypes() {
        return nameStartsWith("java.").or(nameStartsWith("javax.")).or(nameStartsWith("jdk."))
                .or(nameStartsWith("sun.")).or(nameStartsWith("com.sun."))
                .or(nameStartsWith("net.bytebuddy.")).or(nameStartsWith("dev.dag.agent."))
                .or(nameStartsWith("dev.dag.internal.")).or(nameStartsWith("org.slf4j."))
                .or(nameStartsWith("org.junit.")).or(nameStartsWith("org.apache.maven."))
                .or(nameStartsWith("com.zaxxer.")).or(nameStartsWith("org.duckdb."))
                .or(nameStartsWith("org.postgresql.")).or(nameStartsWith("com.fasterxml."))
                .or(isSynthetic());
    }

    private static String version() {
        String version = AgentInstaller.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    /** Reports classes that could not be transformed; they keep running unchanged. */
    private static final class FailureListener extends AgentBuilder.Listener.Adapter {
        @Override
        public void onError(String typeName, ClassLoader classLoader, net.bytebuddy.utility.JavaModule module,
                            boolean loaded, Throwable throwable) {
            AgentLog.warn("could not instrument " + typeName + "; its @Materialize methods run as plain Java",
                    throwable);
        }

        @Override
        public void onTransformation(TypeDescription type, ClassLoader classLoader,
                                     net.bytebuddy.utility.JavaModule module, boolean loaded,
                                     net.bytebuddy.dynamic.DynamicType dynamicType) {
            AgentLog.debug("instrumented " + type.getName());
        }
    }
}
