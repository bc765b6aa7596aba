package dev.dag;

/**
 * One table a task materialized, imperatively or by returning it, as listed in
 * {@link TaskResult#materializations()}.
 *
 * @param name     the table's name in its stage
 * @param outcome  whether it was written or reused unchanged
 * @param returned whether the task returned it (otherwise an intermediate table)
 * @param callSite the task's line that materialized it ({@code materialize()} call or {@code return});
 *                 null when the agent could not capture it (code compiled without line numbers, or a
 *                 call from a class that declares no task)
 */
public record MaterializedTable(String name, Outcome outcome, boolean returned, StackTraceElement callSite) {

    /** What happened to the table. */
    public enum Outcome {
        /** The table was written by this run. */
        WRITTEN,
        /** The table was unchanged and its stored version was kept, without executing anything. */
        CACHE_VALID
    }

    @Override
    public String toString() {
        return name + " " + outcome + (callSite == null ? "" : " at " + callSite);
    }
}
