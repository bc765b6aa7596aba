package dev.dag.internal.engine.values;

/**
 * Thrown while a plan runs a lazy task's body that reads what only a run would have: the rows of a table the run
 * would write, or a value only a task body the plan does not run computes. The plan marks the task unknown.
 */
public final class NotYetWritten extends RuntimeException {
    public NotYetWritten(String what) {
        super(what, null, false, false);
    }
}
