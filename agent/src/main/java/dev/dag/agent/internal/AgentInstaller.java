package dev.dag.agent.internal;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

/**
 * Installs the agent once per JVM. Premain stays cheap: it parses the options, reads the {@code tasks:}
 * of the config file if there is one, and registers a plain {@link TaskClassTransformer}; ASM is
 * loaded only when a class that carries tasks appears. Never throws: a failure is one line on stderr and
 * the application runs unchanged.
 */
public final class AgentInstaller {
    /** Same value as dag-api's {@code AgentPresence.PROPERTY}. */
    static final String INSTALLED_PROPERTY = "dev.dag.agent.installed";

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
     * @param optionsText the agent's options (may be null)
     * @param retransform whether classes already loaded must be transformed too (attach at runtime)
     */
    public static synchronized void install(Instrumentation instrumentation, String optionsText, boolean retransform) {
        if (installed) {
            return;
        }
        try {
            AgentOptions options = AgentOptions.parse(optionsText);
            TaskDeclarations declarations = options.config() == null ? TaskDeclarations.none()
                    : TaskDeclarations.read(Path.of(options.config()));
            String mainClass = options.opensMainRun() ? MainClass.find(options) : null;
            if (options.opensMainRun() && mainClass == null) {
                AgentLog.warn("option flow= given but the main class is unknown; set the agent option main=", null);
            }
            TaskClassTransformer transformer = new TaskClassTransformer(declarations, mainClass, options.mainRun());
            instrumentation.addTransformer(transformer, true);
            LambdaPoolAccess.export(instrumentation);
            installed = true;
            System.setProperty(INSTALLED_PROPERTY, version());
            if (retransform) {
                transformer.retransformLoaded(instrumentation);
            }
            AgentLog.debug("installed (retransform=" + retransform + ")");
        } catch (Throwable e) {
            AgentLog.warn("could not install; @Materialize methods will run as plain Java", e);
        }
    }

    private static String version() {
        String version = AgentInstaller.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
