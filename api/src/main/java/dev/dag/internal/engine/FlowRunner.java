package dev.dag.internal.engine;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.MaterializationException;
import dev.dag.RunOptions;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.internal.cache.MetadataStore;
import dev.dag.internal.store.Database;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a defined flow: stage after stage, tasks in definition order (which is dependency order), and
 * commits each stage only when all of its tasks succeeded.
 */
public final class FlowRunner {
    private static final Logger LOG = LoggerFactory.getLogger(FlowRunner.class);

    private final FlowDefinition flow;
    private final RunOptions options;
    private final Map<OutputPlaceholder, Object> outputs = new HashMap<>();
    private final Set<TaskInvocation> unavailable = new HashSet<>();
    private final Set<TaskInvocation> reported = new HashSet<>();
    private final List<TaskResult> results = new ArrayList<>();
    private final Map<OutputPlaceholder, StoredTable> published = new HashMap<>();
    private final Map<OutputPlaceholder, Object> blobs = new HashMap<>();
    private DagException failure;

    private FlowRunner(FlowDefinition flow, RunOptions options) {
        this.flow = flow;
        this.options = options;
    }

    /** Runs {@code flow}; never throws for task failures, which the outcome carries. */
    public static RunOutcome run(FlowDefinition flow, RunOptions options) {
        return new FlowRunner(flow, options).run();
    }

    private RunOutcome run() {
        long start = System.nanoTime();
        ConfigContext config = options.config() != null ? options.config() : ConfigContext.defaults();
        Database database = Databases.of(config);
        RunState run = new RunState(flow.name(), config, database, openMetadata(database));
        ExecutionState state = ExecutionState.current();
        state.run = run;
        Activity.begin();
        LOG.info("run {} of flow '{}' on {}: {} stages, {} tasks", run.runId(), flow.name(), config,
                flow.stages().size(), flow.taskCount());
        try {
            recordRun(run, true);
            for (StageDefinition stage : flow.stages()) {
                runStage(run, stage);
            }
            recordRun(run, false);
        } finally {
            Activity.end();
            state.run = null;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        RunResult result = new RunResult(flow.name(), run.runId(), millis, results, published, blobs, config);
        LOG.info("run {} of flow '{}' {} in {} ms", run.runId(), flow.name(), failure == null ? "succeeded" : "failed",
                millis);
        return new RunOutcome(result, failure);
    }

    private static MetadataStore openMetadata(Database database) {
        try {
            return MetadataStore.open(database);
        } catch (SQLException e) {
            throw new MaterializationException("Cannot open dag's metadata schema '" + database.metadataSchema()
                    + "' in " + database.config() + ": " + e.getMessage(), null, null, null, null, e);
        }
    }

    private void recordRun(RunState run, boolean starting) {
        try {
            if (starting) {
                run.metadata().runStarted(run.runId(), flow.name());
            } else {
                run.metadata().runFinished(run.runId(), failure == null ? "succeeded" : "failed");
            }
        } catch (SQLException e) {
            LOG.warn("run {}: could not record the run in the metadata: {}", run.runId(), e.getMessage());
        }
    }

    private void runStage(RunState run, StageDefinition stage) {
        if (failure != null && options.failFast()) {
            stage.invocations().forEach(invocation -> skip(invocation, "the run stopped at an earlier failure"));
            return;
        }
        long start = System.nanoTime();
        boolean stageFailed = false;
        Map<OutputPlaceholder, Object> stageOutputs = new HashMap<>();
        try (StageRun stageRun = new StageRun(run, stage.name())) {
            stageRun.begin();
            for (TaskInvocation invocation : stage.invocations()) {
                if (stageFailed && options.failFast()) {
                    skip(invocation, "an earlier task of the stage failed");
                } else if (invocation.upstream().stream().anyMatch(unavailable::contains)) {
                    skip(invocation, "an input task failed or was skipped");
                } else {
                    stageFailed |= !runTask(invocation, stageRun, stageOutputs);
                }
            }
            if (stageFailed) {
                stageRun.abort();
                LOG.info("stage {}: not committed, a task failed; the previous version stays visible", stage.name());
            } else {
                stageRun.publish();
                collectPublished(stageOutputs);
                LOG.info("stage {}: committed in {} ms", stage.name(), (System.nanoTime() - start) / 1_000_000);
            }
        } catch (DagException e) {
            stage.invocations().stream().filter(invocation -> !reported.contains(invocation))
                    .forEach(invocation -> skip(invocation, "stage '" + stage.name() + "' failed: " + e.getMessage()));
            fail(e);
        }
    }

    private boolean runTask(TaskInvocation invocation, StageRun stageRun, Map<OutputPlaceholder, Object> stageOutputs) {
        long start = System.nanoTime();
        TaskRunner.Execution execution = TaskRunner.run(invocation, stageRun, outputs);
        long millis = (System.nanoTime() - start) / 1_000_000;
        TaskScope scope = execution.scope();
        reported.add(invocation);
        List<String> tables = scope.materializedTables();
        if (execution.failure() != null) {
            unavailable.add(invocation);
            results.add(new TaskResult(invocation.taskName(), invocation.stage().name(), TaskOutcome.FAILED,
                    "failed: " + execution.failure().getMessage(), millis, scope.rowsWritten(), tables,
                    Optional.of(execution.failure())));
            LOG.info("stage {}: task {} FAILED after {} ms: {}", invocation.stage().name(), invocation.taskName(),
                    millis, execution.failure().getMessage());
            fail(execution.failure());
            return false;
        }
        execution.outputs().forEach((path, bound) -> {
            OutputPlaceholder placeholder = new OutputPlaceholder(invocation, path);
            outputs.put(placeholder, bound);
            stageOutputs.put(placeholder, bound);
        });
        results.add(new TaskResult(invocation.taskName(), invocation.stage().name(), TaskOutcome.RAN,
                reason(invocation), millis, scope.rowsWritten(), tables, Optional.empty()));
        LOG.info("stage {}: task {} ran in {} ms, {} rows", invocation.stage().name(), invocation.taskName(), millis,
                scope.rowsWritten());
        return true;
    }

    private static String reason(TaskInvocation invocation) {
        return invocation.descriptor().version().isEmpty() ? "no version: runs every time" : "ran";
    }

    private void collectPublished(Map<OutputPlaceholder, Object> stageOutputs) {
        stageOutputs.forEach((placeholder, bound) -> {
            if (bound instanceof dev.dag.Table table) {
                published.put(placeholder, TableAccess.tables().stored(table));
            } else if (bound instanceof dev.dag.Blob blob) {
                blobs.put(placeholder, blob.obj());
            }
        });
    }

    private void skip(TaskInvocation invocation, String reason) {
        unavailable.add(invocation);
        reported.add(invocation);
        results.add(new TaskResult(invocation.taskName(), invocation.stage().name(), TaskOutcome.SKIPPED, reason, 0, 0,
                List.of(), Optional.empty()));
    }

    private void fail(DagException error) {
        if (failure == null) {
            failure = error;
        }
    }
}
