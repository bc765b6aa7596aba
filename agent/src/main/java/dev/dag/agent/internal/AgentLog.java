package dev.dag.agent.internal;

/**
 * The agent's own logger: one line on stderr, only when something is wrong (or with
 * {@code -Ddag.agent.debug=true}). It never touches the application's logging.
 */
public final class AgentLog {
    private static final boolean DEBUG = Boolean.getBoolean("dag.agent.debug");

    private AgentLog() {
    }

    /** Reports a problem the agent worked around. */
    public static void warn(String message, Throwable cause) {
        System.err.println("dag-agent: " + message + (cause == null ? "" : " (" + cause + ")"));
        if (DEBUG && cause != null) {
            cause.printStackTrace();
        }
    }

    /** Reports what the agent does, only in debug mode. */
    public static void debug(String message) {
        if (DEBUG) {
            System.err.println("dag-agent: " + message);
        }
    }
}
