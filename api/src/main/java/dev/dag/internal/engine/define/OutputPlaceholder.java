package dev.dag.internal.engine.define;

import dev.dag.DefinitionException;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.seam.TableAccess;

/**
 * Stands for one output of a recorded task call while the flow is defined: the whole return value
 * ({@code path} empty), a record component (its name) or a list element (its index).
 */
public record OutputPlaceholder(TaskInvocation producer, String path) implements TableAccess.Placeholder {

    /** The error for using a placeholder as data during the flow definition. */
    public DefinitionException noContent(String tableName) {
        return StackTraces.forUser(new DefinitionException("The output " + this + " is a placeholder while flow '"
                + producer.stage().flow().name() + "' is being defined: it has no data yet. Pass it to "
                + "another task as an argument; read it after the run with result.get(...).",
                producer.taskName(), tableName, producer.stage().name()));
    }

    @Override
    public String toString() {
        return "of task '" + producer.taskName() + "'" + (path.isEmpty() ? "" : " [" + path + "]")
                + " in stage '" + producer.stage().name() + "'";
    }
}
