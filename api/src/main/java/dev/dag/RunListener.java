package dev.dag;

/**
 * Hears what a run does while it does it: the run, each stage and task as they start and end, each table
 * as it is written or kept, and, for a task that runs long, a periodic progress report. Register one or
 * more with {@link RunOptions#withListener(RunListener)}; every method has an empty default, so implement
 * only the events you need.
 *
 * <pre>{@code
 * RunListener metrics = new RunListener() {
 *     @Override
 *     public void taskFinished(RunContext run, TaskResult task) {
 *         registry.timer("dag.task", "task", task.task()).record(task.millis(), MILLISECONDS);
 *     }
 * };
 * flow.run(RunOptions.of(config).withListener(metrics));
 * }</pre>
 *
 * <p>Events of a run arrive in this order: {@code runStarted}; per stage {@code stageStarted}, per task
 * {@code taskStarted}, its tables' {@code tableMaterialized}, {@code taskFinished}, then {@code stageFinished};
 * last {@code runFinished}. With a parallelism above 1 ({@link RunOptions#withParallelism}) the events of tasks
 * running at once interleave, and a later stage may start before an earlier one finished; each task's own events
 * keep their order. A task that does not start (skipped, or not selected and read from the last
 * commit) gets only {@code taskFinished}. {@code taskProgress} comes from dag's progress thread; all other
 * events come from the thread that runs the task or stage. A run calls its listeners one event at a time, never
 * from two threads at once, so a listener needs no locking of its own. A listener that throws is logged and
 * ignored: it never breaks the run. dag's own progress log is such a listener. A plan ({@link Flow#plan})
 * notifies no listener.
 */
public interface RunListener {
    /** The run began: its metadata is open, no stage has started yet. */
    default void runStarted(RunContext run) {
    }

    /** A stage began: the run is about to take its lock and read its committed version. */
    default void stageStarted(RunContext run, String stage) {
    }

    /** A task of {@code stage} is about to compute its key and, unless it is cache-valid, run its body. */
    default void taskStarted(RunContext run, String stage, String task) {
    }

    /**
     * A task is still running, reported every {@link RunOptions#withProgressInterval progress interval} once it
     * ran that long. Called from dag's progress thread.
     */
    default void taskProgress(RunContext run, TaskProgress progress) {
    }

    /** A table was written, or an unchanged one kept, for a task. */
    default void tableMaterialized(RunContext run, Materialization table) {
    }

    /** A task ended: its outcome, reason, rows and time (also for tasks that were skipped and never started). */
    default void taskFinished(RunContext run, TaskResult task) {
    }

    /** A stage ended: published, failed (its previous version stays), or kept as it was. */
    default void stageFinished(RunContext run, String stage, StageOutcome outcome) {
    }

    /** The run ended; {@code result} is what {@link Flow#run} returns (or hands over with its failure). */
    default void runFinished(RunContext run, Result result) {
    }
}
