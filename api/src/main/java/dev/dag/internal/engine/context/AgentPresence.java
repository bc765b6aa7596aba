package dev.dag.internal.engine.context;

import dev.dag.DefinitionException;

/** Knows whether the dag agent is attached; the agent sets a system property when it installs. */
public final class AgentPresence {
    /** The property the agent sets to its version once its transformer is installed. */
    public static final String PROPERTY = "dev.dag.agent.installed";

    private AgentPresence() {
    }

    /** Whether the agent is attached to this JVM. */
    public static boolean attached() {
        return System.getProperty(PROPERTY) != null;
    }

    /**
     * @throws DefinitionException saying how to attach the agent, if it is not attached
     */
    public static void requireAttached(String flowName) {
        if (!attached()) {
            throw StackTraces.forUser(new DefinitionException("Flow '" + flowName + "' needs the dag agent, which "
                    + "is not attached to this JVM: without it, task calls would run at once instead of being "
                    + "recorded. Start java with -javaagent:/path/to/dag-agent.jar, or call "
                    + "dev.dag.agent.DagAgent.install() before defining the flow (in tests)."));
        }
    }
}
