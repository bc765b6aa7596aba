package dev.dag.internal.engine.run;

import dev.dag.internal.store.meta.RunLog;
import dev.dag.Blob;
import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.RunStatus;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.plan.PlannedOutputs;
import dev.dag.internal.engine.values.StoredTable;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a run has done so far: each task's outcome, the outputs later tasks take as inputs, the tasks
 * whose outputs are unavailable, the first failure; and, at the end, the {@link RunResult} and the
 * history kept in the metadata, in definition order whatever order the tasks ended in. Tasks running at
 * once on worker threads report here, hence every method is synchronized.
 */
final class RunLedger {
    private static final Logger LOG = LoggerFactory.getLogger(RunLedger.class);

    private final Map<OutputPlaceholder, Object> outputs = new HashMap<>();
    private final Map<OutputPlaceholder, String> outputKeys = new HashMap<>();
    private final Set<TaskInvocation> unavailable = new HashSet<>();
    private final Set<TaskInvocation> reported = new HashSet<>();
    private final List<TaskResult> results = new ArrayList<>();
    private final List<RunLog.TaskRun> history = new ArrayList<>();
    /** The stages committed unchanged, whose commit is recorded with the run's end. */
    private final List<RunLog.StageCommit> unchangedStages = new ArrayList<>();
    /** The task of each result and history entry, in the order they were reported. */
    private final List<TaskInvocation> reportedTasks = new ArrayList<>();
    private final Map<OutputPlaceholder, StoredTable> committed = new HashMap<>();
    private final Map<OutputPlaceholder, StoredTable> uncommitted = new HashMap<>();
    private final Map<OutputPlaceholder, Object> blobs = new HashMap<>();
    /** Warnings about the run as a whole; some come from threads the run does not reach. */
    private final Set<String> warnings = Collections.synchronizedSet(new LinkedHashSet<>());
    private DagException failure;
    /** The task whose failure {@link #failure} is, or null when it is not a task's. */
    private TaskInvocation failedTask;

    /**
     * The output a task produced for {@code placeholder} (a bound table or blob), or null. A plan that cannot know the
     * tables of a SQL script gives it one output for any name ({@link PlannedOutputs#ANY_TABLE}).
     */
    synchronized Object output(OutputPlaceholder placeholder) {
        Object output = outputs.get(placeholder);
        return output != null ? output : outputs.get(anyTable(placeholder));
    }

    /** The cache key of the output behind {@code placeholder}, or null. */
    synchronized String outputKey(OutputPlaceholder placeholder) {
        String key = outputKeys.get(placeholder);
        return key != null ? key : outputKeys.get(anyTable(placeholder));
    }

    private static OutputPlaceholder anyTable(OutputPlaceholder placeholder) {
        return new OutputPlaceholder(placeholder.producer(), PlannedOutputs.ANY_TABLE);
    }

    /** The paths of the outputs {@code producer} produced, in no particular order. */
    synchronized List<String> pathsOf(TaskInvocation producer) {
        return outputs.keySet().stream().filter(placeholder -> placeholder.producer() == producer)
                .map(OutputPlaceholder::path).sorted().toList();
    }

    synchronized DagException failure() {
        return failure;
    }

    synchronized boolean isUnavailable(TaskInvocation invocation) {
        return unavailable.contains(invocation);
    }

    synchronized boolean isReported(TaskInvocation invocation) {
        return reported.contains(invocation);
    }

    /**
     * Records a task's execution and returns its result (with an error when it failed). Its tables are added to
     * {@code stageTables}.
     */
    synchronized TaskResult report(TaskInvocation invocation, TaskExecution execution, long millis,
                                   Map<OutputPlaceholder, StoredTable> stageTables) {
        reported.add(invocation);
        reportedTasks.add(invocation);
        String stage = invocation.stage().name();
        Optional<DagException> error = Optional.ofNullable(execution.failure());
        TaskResult result = new TaskResult(invocation.taskName(), stage, execution.outcome(), execution.reason(),
                millis, execution.rows(), returnedRows(execution.outputs()), execution.tables(),
                execution.materializations(), error, execution.warnings());
        results.add(result);
        history.add(new RunLog.TaskRun(stage, invocation.taskName(), execution.outcome().name(),
                execution.reason(), millis, execution.rows()));
        if (error.isPresent()) {
            unavailable.add(invocation);
            failed(invocation, error.get());
            return result;
        }
        execution.outputs().forEach((path, bound) -> {
            OutputPlaceholder placeholder = new OutputPlaceholder(invocation, path);
            outputs.put(placeholder, bound);
            outputKeys.put(placeholder, execution.outputKeys().get(path));
            if (bound instanceof Table table) {
                stageTables.put(placeholder, Bindings.stored(table));
            } else if (bound instanceof Blob blob) {
                blobs.put(placeholder, blob.obj());
            }
        });
        return result;
    }

    /** The rows of the tables among a task's outputs (a table whose rows are unknown counts none). */
    private static long returnedRows(Map<String, Object> outputs) {
        long rows = 0;
        for (Object output : outputs.values()) {
            StoredTable stored = output instanceof Table table ? Bindings.stored(table) : null;
            rows += stored == null ? 0 : Math.max(0, stored.rows());
        }
        return rows;
    }

    /** Records a task that did not run; returns its result. */
    synchronized TaskResult skip(TaskInvocation invocation, String reason) {
        unavailable.add(invocation);
        reported.add(invocation);
        reportedTasks.add(invocation);
        TaskResult result = new TaskResult(invocation.taskName(), invocation.stage().name(), TaskOutcome.SKIPPED,
                reason, 0, 0, 0, List.of(), List.of(), Optional.empty(), List.of());
        results.add(result);
        history.add(new RunLog.TaskRun(invocation.stage().name(), invocation.taskName(),
                TaskOutcome.SKIPPED.name(), reason, 0, 0));
        return result;
    }

    /**
     * Keeps the failure of {@code task} as the run's when it is the first, or comes before the task of the one kept
     * in definition order: tasks running at once may fail in any order, the run reports the failure a run of one
     * task at a time meets first.
     */
    private void failed(TaskInvocation task, DagException error) {
        if (failure == null || failedTask != null
                && task.stage().flow().definitionOrder().compare(task, failedTask) < 0) {
            failure = error;
            failedTask = task;
        }
    }

    /** Notes a warning about the run as a whole; returns whether it is new. */
    boolean warn(String warning) {
        return warnings.add(warning);
    }

    /** Keeps the first failure of the run. */
    synchronized void fail(DagException error) {
        if (failure == null) {
            failure = error;
        }
    }

    /**
     * The stage is committed: results read its tables from the stage's views. When it was unchanged ({@code
     * published} false) nothing was written for it: its commit is recorded with the run's end.
     */
    synchronized void committed(String stage, Map<OutputPlaceholder, StoredTable> stageTables, boolean published) {
        committed.putAll(stageTables);
        if (!published) {
            unchangedStages.add(new RunLog.StageCommit(stage, Instant.now()));
        }
    }

    /** The stage's tables were written aside (task selection): results read the physical tables. */
    synchronized void uncommitted(Map<OutputPlaceholder, StoredTable> stageTables) {
        uncommitted.putAll(stageTables);
    }

    /** A stage that was not committed has no tables to read: its consumers are skipped. */
    synchronized void forgetOutputsOf(StageDefinition stage) {
        unavailable.addAll(stage.invocations());
        outputs.keySet().removeIf(placeholder -> placeholder.producer().stage() == stage);
        outputKeys.keySet().removeIf(placeholder -> placeholder.producer().stage() == stage);
    }

    /** Records the run's start in the metadata; a failure to do so is logged, not fatal. */
    void runStarted(Metadata metadata, String runId, String flowName) {
        try {
            metadata.runs().started(runId, flowName);
        } catch (SQLException e) {
            LOG.warn("run {}: could not record the run in the metadata: {}", runId, e.getMessage());
        }
    }

    /**
     * Records the run's end, its task history and its report (JSON) in the metadata; forgets the runs started before
     * {@code forgetStartedBefore}, if present.
     */
    synchronized void runFinished(Metadata metadata, String runId, String report,
                                  Optional<Instant> forgetStartedBefore) {
        runEnded(metadata, runId, failure == null ? RunStatus.SUCCEEDED : RunStatus.FAILED, report,
                forgetStartedBefore);
    }

    /**
     * Records the run's end with {@code status}, its task history and its report (null: none) in the metadata, in
     * one transaction.
     */
    synchronized void runEnded(Metadata metadata, String runId, RunStatus status, String report,
                               Optional<Instant> forgetStartedBefore) {
        try {
            metadata.runs().ended(runId, status, inDefinitionOrder(history), List.copyOf(unchangedStages), report,
                    forgetStartedBefore);
        } catch (SQLException e) {
            LOG.warn("run {}: could not record the run's end in the metadata: {}", runId, e.getMessage());
        }
    }

    /** {@code reports} (one per reported task) in the order of the flow's definition, not the order tasks ended. */
    private <T> List<T> inDefinitionOrder(List<T> reports) {
        if (reportedTasks.isEmpty()) {
            return reports;
        }
        Comparator<TaskInvocation> order = reportedTasks.get(0).stage().flow().definitionOrder();
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            indexes.add(i);
        }
        indexes.sort(Comparator.comparing(reportedTasks::get, order));
        return indexes.stream().map(reports::get).toList();
    }

    synchronized RunResult result(FlowDefinition flow, String runId, long millis, ConfigContext config) {
        List<String> runWarnings;
        synchronized (warnings) {
            runWarnings = List.copyOf(warnings);
        }
        return new RunResult(flow, runId, millis, inDefinitionOrder(results), committed, uncommitted, blobs, config,
                failure == null, runWarnings);
    }
}
