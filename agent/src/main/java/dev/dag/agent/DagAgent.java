package dev.dag.agent;

import dev.dag.agent.internal.AgentInstaller;
import java.lang.instrument.Instrumentation;

/**
 * Entry point of the dag agent. Attach it with {@code -javaagent:dag-agent.jar}, or call
 * {@link #install()} in tests: it then self-attaches and retransforms task classes already loaded.
 * The agent never throws into the host application; problems are reported on stderr, one line each.
 */
public final class DagAgent {
    private DagAgent() {
    }

    /** Called by the JVM for {@code -javaagent:dag-agent.jar[=options]}. */
    public static void premain(String options, Instrumentation instrumentation) {
        AgentInstaller.install(instrumentation, options, false);
    }

    /** Called by the JVM when the agent is attached to a running JVM. */
    public static void agentmain(String options, Instrumentation instrumentation) {
        AgentInstaller.install(instrumentation, options, true);
    }

    /**
     * Attaches the agent to this JVM if it is not attached yet (idempotent), for tests. Needs the JDK's
     * attach mechanism; on Java 21+ start the JVM with {@code -XX:+EnableDynamicAgentLoading} to avoid
     * the dynamic-loading warning.
     *
     * @throws IllegalStateException if self-attaching is not possible in this JVM
     */
    public static synchronized void install() {
        if (AgentInstaller.isInstalled()) {
            return;
        }
        Instrumentation instrumentation = SelfAttach.instrumentation();
        AgentInstaller.install(instrumentation, null, true);
        if (!AgentInstaller.isInstalled()) {
            throw new IllegalStateException("The dag agent could not be installed; see the line 'dag-agent:' on stderr.");
        }
    }
}
