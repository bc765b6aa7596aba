package dev.dag.internal.engine.schedule;

import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;

/**
 * The steps of a flow run that a {@link FlowSchedule} orders: the run carries them out and records what they did,
 * the schedule decides when each happens. All are called on the thread that runs the flow, except the work
 * {@link #start} hands back, which runs on a worker thread (once it was not settled on the flow's).
 */
public interface FlowSteps {

    /**
     * Begins writing {@code stage} (takes its lock, reads its committed version).
     *
     * @return false when it could not: the steps then skipped the stage's tasks and recorded the failure
     */
    boolean beginStage(StageDefinition stage);

    /**
     * {@code task} may start now: what it takes that must follow definition order (the number of its call in
     * the stage) is settled here; the work returned runs the task, on whichever thread the schedule picks.
     */
    TaskWork start(TaskInvocation task);

    /** Records that {@code task} does not run, and why. */
    void skip(TaskInvocation task, String reason);

    /** Whether the outputs of {@code task} cannot be had: it failed or was skipped, or its stage is not committed. */
    boolean isUnavailable(TaskInvocation task);

    /**
     * Ends a begun stage: publishes it when {@code commit} and none of its tasks failed, else drops what it
     * wrote; releases its lock.
     *
     * @return false when publishing failed (recorded as the run's failure)
     */
    boolean endStage(StageDefinition stage, boolean commit);

    /** What runs one task, on a worker thread or the flow's own. */
    interface TaskWork {
        /**
         * On the flow's own thread, first: settles the task when that takes less than handing it to a worker (a
         * cache-valid call, carried over), records its result and returns whether it succeeded; null when {@link
         * #run} must run it.
         */
        default Boolean settleHere() {
            return null;
        }

        /** Runs the task and records its result; returns whether it succeeded. */
        boolean run();
    }
}
