package dev.dag.internal.engine;

import dev.dag.Blob;
import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.internal.cache.MetadataStore;
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
 * What a run has done so far: each task's outcome, the outputs later tasks take as inputs, the tasks
 * whose outputs are unavailable, the first failure; and, at the end, the {@link RunResult} and the
 * history kept in the metadata. Shared by flow runs and eager runs.
 */
final class RunRecorder {
    private static final Logger LOG = LoggerFactory.getLogger(RunRecorder.class);

    final Map<OutputPlaceholder, Object> outputs = new HashMap<>();
    final Map<OutputPlaceholder, String> outputKeys = new HashMap<>();
    private final Set<TaskInvocation> unavailable = new HashSet<>();
    private final Set<TaskInvocation> reported = new HashSet<>();
    private final List<TaskResult> results = new ArrayList<>();
    private final List<MetadataStore.TaskRun> history = new ArrayList<>();
    private final Map<OutputPlaceholder, StoredTable> committed = new HashMap<>();
    private final Map<OutputPlaceholder, StoredTable> uncommitted = new HashMap<>();
    private final Map<OutputPlaceholder, Object> blobs = new HashMap<>();
    private final RunState run;
    private DagException failure;

    RunRecorder(RunState run) {
        this.run = run;
    }

    DagException failure() {
        return failure;
    }

    boolean isUnavailable(TaskInvocation invocation) {
        return unavailable.contains(invocation);
    }

    boolean isReported(TaskInvocation invocation) {
        return reported.contains(invocation);
    }

    /** Records a task's execution; returns whether it succeeded. Its tables are added to {@code stageTables}. */
    boolean report(TaskInvocation invocation, TaskRunner.Execution execution, long millis,
                   Map<OutputPlaceholder, StoredTable> stageTables) {
        reported.add(invocation);
        String stage = invocation.stage().name();
        Optional<DagException> error = Optional.ofNullable(execution.failure());
        results.add(new TaskResult(invocation.taskName(), stage, execution.outcome(), execution.reason(), millis,
                execution.rows(), execution.tables(), execution.materializations(), error));
        history.add(new MetadataStore.TaskRun(stage, invocation.taskName(), execution.outcome().name(),
                execution.reason(), millis, execution.rows()));
        LOG.info("stage {}: task {} {} in {} ms, {} rows: {}", stage, invocation.taskName(), execution.outcome(), millis,
                execution.rows(), execution.reason());
        if (error.isPresent()) {
            unavailable.add(invocation);
            fail(error.get());
            return false;
        }
        execution.outputs().forEach((path, bound) -> {
            OutputPlaceholder placeholder = new OutputPlaceholder(invocation, path);
            outputs.put(placeholder, bound);
            outputKeys.put(placeholder, execution.outputKeys().get(path));
            if (bound instanceof Table table) {
                stageTables.put(placeholder, TableAccess.tables().stored(table));
            } else if (bound instanceof Blob blob) {
                blobs.put(placeholder, blob.obj());
            }
        });
        return true;
    }

    /** Records a task that did not run. */
    void skip(TaskInvocation invocation, String reason) {
        unavailable.add(invocation);
        reported.add(invocation);
        results.add(new TaskResult(invocation.taskName(), invocation.stage().name(), TaskOutcome.SKIPPED, reason, 0, 0,
                List.of(), List.of(), Optional.empty()));
        history.add(new MetadataStore.TaskRun(invocation.stage().name(), invocation.taskName(), "SKIPPED", reason, 0, 0));
    }

    /** Keeps the first failure of the run. */
    void fail(DagException error) {
        if (failure == null) {
            failure = error;
        }
    }

    /** The stage's tables are published: results read them from the stage's views. */
    void committed(Map<OutputPlaceholder, StoredTable> stageTables) {
        committed.putAll(stageTables);
    }

    /** The stage's tables were written aside (task selection): results read the physical tables. */
    void uncommitted(Map<OutputPlaceholder, StoredTable> stageTables) {
        uncommitted.putAll(stageTables);
    }

    /** A stage that was not committed has no tables to read: its consumers are skipped. */
    void forgetOutputsOf(StageDefinition stage) {
        unavailable.addAll(stage.invocations());
        outputs.keySet().removeIf(placeholder -> placeholder.producer().stage() == stage);
        outputKeys.keySet().removeIf(placeholder -> placeholder.producer().stage() == stage);
    }

    void runStarted(String flowName) {
        try {
            run.metadata().runStarted(run.runId(), flowName);
        } catch (SQLException e) {
            LOG.warn("run {}: could not record the run in the metadata: {}", run.runId(), e.getMessage());
        }
    }

    /** Records the run's end and its task history in the metadata. */
    void runFinished() {
        try {
            run.metadata().recordTaskRuns(run.runId(), history);
            run.metadata().runFinished(run.runId(), failure == null ? "succeeded" : "failed");
        } catch (SQLException e) {
            LOG.warn("run {}: could not record the run's end in the metadata: {}", run.runId(), e.getMessage());
        }
    }

    RunResult result(FlowDefinition flow, long millis, ConfigContext config) {
        return new RunResult(flow, run.runId(), millis, results, committed, uncommitted, blobs, config, failure == null);
    }
}
