package dev.dag.internal.engine.events;

import dev.dag.Materialization;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.StageOutcome;
import dev.dag.TaskProgress;
import dev.dag.TaskResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * dag's own progress log, one line per stage and task event at INFO (tables at DEBUG): the first listener of
 * every run, so that the log and users' listeners see the same events.
 */
final class ProgressLog implements RunListener {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressLog.class);

    @Override
    public void stageStarted(RunContext run, String stage) {
        LOG.info("stage {}: started", stage);
    }

    @Override
    public void taskStarted(RunContext run, String stage, String task) {
        LOG.info("stage {}: task {} started", stage, task);
    }

    @Override
    public void taskProgress(RunContext run, TaskProgress progress) {
        if (progress.rowsWritten() > 0) {
            LOG.info("stage {}: task {} running for {} s, {} rows written ({} rows/s)", progress.stage(),
                    progress.task(), progress.millis() / 1000, String.format("%,d", progress.rowsWritten()),
                    String.format("%,d", progress.rowsPerSecond()));
        } else {
            LOG.info("stage {}: task {} running for {} s", progress.stage(), progress.task(), progress.millis() / 1000);
        }
    }

    @Override
    public void tableMaterialized(RunContext run, Materialization table) {
        LOG.debug("stage {}: task {} {} table {} ({} rows)", table.stage(), table.task(),
                table.kept() ? "kept" : "wrote", table.table(), table.rows());
    }

    @Override
    public void taskFinished(RunContext run, TaskResult task) {
        LOG.info("stage {}: task {} {} in {} ms, {} rows ({} written): {}", task.stage(), task.task(), task.outcome(),
                task.millis(), task.rowsReturned(), task.rowsWritten(), task.reason());
    }

    @Override
    public void stageFinished(RunContext run, String stage, StageOutcome outcome) {
        switch (outcome) {
            case PUBLISHED -> LOG.info("stage {}: committed", stage);
            case FAILED -> LOG.info("stage {}: not committed; the previous version stays visible", stage);
            case KEPT -> LOG.info("stage {}: not committed (only selected tasks ran, or the stage was not selected)",
                    stage);
        }
    }
}
