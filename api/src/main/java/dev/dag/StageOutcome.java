package dev.dag;

/** How a stage of a run ended, as {@link RunListener#stageFinished} reports it. */
public enum StageOutcome {
    /** Every task succeeded and the new version was published in one step. */
    PUBLISHED,
    /** A task failed or publishing was refused: nothing of the stage was committed, the previous version stays. */
    FAILED,
    /**
     * The run did not commit the stage by design: only selected tasks ran ({@link RunOptions#withTasks}) or the
     * stage was not selected ({@link RunOptions#withStages}); its committed version stays as it was.
     */
    KEPT
}
