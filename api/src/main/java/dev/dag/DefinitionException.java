package dev.dag;

/**
 * A mistake in how a flow, task or table is defined: an unsupported return type, a name that is not a
 * valid identifier, a duplicate table name, a placeholder used as data, a missing agent. Its top frame
 * is the user's line that made the mistake.
 */
public class DefinitionException extends DagException {
    /** A definition error with no task, table or stage attached. */
    public DefinitionException(String message) {
        super(message);
    }

    /** A definition error about the given task, table and stage (any may be null). */
    public DefinitionException(String message, String task, String table, String stage) {
        super(message, task, table, stage, null);
    }

    /**
     * A definition error about the given task, table and stage (any may be null) that the user's code threw as
     * {@code cause} (a freshness function, for instance).
     */
    public DefinitionException(String message, String task, String table, String stage, Throwable cause) {
        super(message, task, table, stage, cause);
    }
}
