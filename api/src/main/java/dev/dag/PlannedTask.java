package dev.dag;

import java.util.List;

/**
 * What a run would do with one task, as {@link Plan#tasks()} lists it.
 *
 * @param task          task name
 * @param stage         stage the task belongs to
 * @param decision      what the run would do
 * @param reason        why, in the words a run would use (for {@link Decision#UNKNOWN}: what the plan cannot see)
 * @param keptTables    tables the run would keep unchanged, without executing anything
 * @param rebuiltTables tables the run would write anew
 * @param tablesAsLastRun true when the plan did not run the task's body (a task with a version that would run):
 *                      its {@code rebuiltTables} are the tables its last cache entry holds, and the body may name
 *                      them otherwise when it runs (empty when it has no cache entry)
 */
public record PlannedTask(String task, String stage, Decision decision, String reason, List<String> keptTables,
                          List<String> rebuiltTables, boolean tablesAsLastRun) {
    /** Copies the lists. */
    public PlannedTask {
        keptTables = List.copyOf(keptTables);
        rebuiltTables = List.copyOf(rebuiltTables);
    }

    /** What a run would do with a task. */
    public enum Decision {
        /** Its body would run and write its outputs ({@link TaskOutcome#RAN}). */
        RUN(TaskOutcome.RAN),
        /** Cache-valid: the body would not run, its tables would be kept ({@link TaskOutcome#CACHE_VALID}). */
        CACHE_VALID(TaskOutcome.CACHE_VALID),
        /** A lazy task whose every table is unchanged ({@link TaskOutcome#LAZY_CACHE_VALID}). */
        LAZY_CACHE_VALID(TaskOutcome.LAZY_CACHE_VALID),
        /** It would fail before writing (a bad argument, strict versions, a lazy body that throws). */
        FAIL(TaskOutcome.FAILED),
        /** Its output would be the override the options give ({@link TaskOutcome#OVERRIDDEN}). */
        OVERRIDE(TaskOutcome.OVERRIDDEN),
        /** It would not run: not selected, or after an earlier failure ({@link TaskOutcome#SKIPPED}). */
        SKIP(TaskOutcome.SKIPPED),
        /**
         * The plan cannot know without running: the task depends on what a task before it computes only when it
         * runs (e.g. a lazy task reading an input rebuilt by a task with {@code version = ""}, or the rows of a
         * table the run would write).
         */
        UNKNOWN(null);

        private final TaskOutcome outcome;

        Decision(TaskOutcome outcome) {
            this.outcome = outcome;
        }

        /** The outcome a run would report, or null for {@link #UNKNOWN}. */
        public TaskOutcome outcome() {
            return outcome;
        }
    }
}
