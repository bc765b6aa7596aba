package dev.dag.internal.engine;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.RunOptions;
import dev.dag.TaskOutcome;
import dev.dag.internal.cache.CacheEntry;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a defined flow: stage after stage, tasks in definition order (which is dependency order). Each
 * stage is committed only when all of its tasks succeeded; stages left out by
 * {@link RunOptions#withStages} and tasks left out by {@link RunOptions#withTasks} are read from their
 * last committed version instead of running.
 */
public final class FlowRunner {
    private static final Logger LOG = LoggerFactory.getLogger(FlowRunner.class);

    private final FlowDefinition flow;
    private final RunOptions options;
    private RunRecorder recorder;

    private FlowRunner(FlowDefinition flow, RunOptions options) {
        this.flow = flow;
        this.options = options;
    }

    /** Runs {@code flow}; task failures do not throw, the outcome carries them. */
    public static RunOutcome run(FlowDefinition flow, RunOptions options) {
        return new FlowRunner(flow, options).run();
    }

    private RunOutcome run() {
        checkSelection();
        long start = System.nanoTime();
        ConfigContext config = options.config() != null ? options.config() : ConfigContext.defaults();
        RunState run = RunState.open(flow.name(), config);
        recorder = new RunRecorder(run);
        ExecutionState state = ExecutionState.current();
        state.run = run;
        Activity.begin();
        LOG.info("run {} of flow '{}' on {}: {} stages, {} tasks, {}", run.runId(), flow.name(), config,
                flow.stages().size(), flow.taskCount(), options.cacheValidation());
        try {
            recorder.runStarted(flow.name());
            for (StageDefinition stage : flow.stages()) {
                runStage(run, stage);
            }
            recorder.runFinished();
        } finally {
            Activity.end();
            state.run = null;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        RunResult result = recorder.result(flow, millis, config);
        LOG.info("run {} of flow '{}' {} in {} ms", run.runId(), flow.name(), result.successful() ? "succeeded" : "failed",
                millis);
        return new RunOutcome(result, recorder.failure());
    }

    private void checkSelection() {
        Set<String> stageNames = new HashSet<>(flow.stageNames());
        for (String stage : options.stages()) {
            if (!stageNames.contains(stage)) {
                throw new DefinitionException("RunOptions.withStages names stage '" + stage + "', which flow '"
                        + flow.name() + "' does not have. Its stages: " + flow.stageNames() + ".");
            }
        }
        Set<String> taskNames = new HashSet<>();
        flow.stages().forEach(stage -> stage.invocations().forEach(invocation -> taskNames.add(invocation.taskName())));
        for (String task : options.tasks()) {
            if (!taskNames.contains(task)) {
                throw new DefinitionException("RunOptions.withTasks names task '" + task + "', which flow '" + flow.name()
                        + "' does not have.", task, null, null);
            }
        }
    }

    private void runStage(RunState run, StageDefinition stage) {
        if (recorder.failure() != null && options.failFast()) {
            stage.invocations().forEach(invocation -> recorder.skip(invocation, "the run stopped at an earlier failure"));
            return;
        }
        boolean selected = options.stages().isEmpty() || options.stages().contains(stage.name());
        boolean commits = selected && options.tasks().isEmpty();
        long start = System.nanoTime();
        Map<OutputPlaceholder, StoredTable> stageTables = new HashMap<>();
        try (StageRun stageRun = new StageRun(run, stage.name())) {
            stageRun.begin();
            TaskRunner runner = new TaskRunner(stageRun, recorder.outputs, recorder.outputKeys, options.cacheValidation(),
                    run.runId());
            boolean stageFailed = runTasks(stage, stageRun, runner, selected, stageTables);
            if (!commits) {
                recorder.uncommitted(stageTables);
                LOG.info("stage {}: not committed ({})", stage.name(), selected ? "task selection" : "not selected");
            } else if (stageFailed) {
                stageRun.abort();
                recorder.forgetOutputsOf(stage);
                LOG.info("stage {}: not committed, a task failed; the previous version stays visible", stage.name());
            } else {
                stageRun.publish();
                recorder.committed(stageTables);
                LOG.info("stage {}: committed in {} ms", stage.name(), (System.nanoTime() - start) / 1_000_000);
            }
        } catch (DagException e) {
            stage.invocations().stream().filter(invocation -> !recorder.isReported(invocation))
                    .forEach(invocation -> recorder.skip(invocation, "stage '" + stage.name() + "' failed: "
                            + e.getMessage()));
            recorder.fail(e);
        }
    }

    /** Runs the stage's tasks; returns whether one failed. */
    private boolean runTasks(StageDefinition stage, StageRun stageRun, TaskRunner runner, boolean selected,
                             Map<OutputPlaceholder, StoredTable> stageTables) {
        boolean stageFailed = false;
        Map<String, Integer> ordinals = new HashMap<>();
        for (TaskInvocation invocation : stage.invocations()) {
            int ordinal = ordinals.merge(invocation.taskName(), 1, Integer::sum) - 1;
            boolean runsTask = selected && (options.tasks().isEmpty() || options.tasks().contains(invocation.taskName()));
            if (stageFailed && options.failFast()) {
                recorder.skip(invocation, "an earlier task of the stage failed");
            } else if (invocation.upstream().stream().anyMatch(recorder::isUnavailable)) {
                recorder.skip(invocation, "an input task failed or was skipped, or its stage was not committed");
            } else if (!runsTask) {
                stageFailed |= !readFromCache(invocation, ordinal, stageRun, runner, stageTables);
            } else {
                long start = System.nanoTime();
                TaskRunner.Execution execution = runner.run(invocation, ordinal, !options.tasks().isEmpty());
                stageFailed |= !recorder.report(invocation, execution, (System.nanoTime() - start) / 1_000_000,
                        stageTables);
            }
        }
        return stageFailed;
    }

    private boolean readFromCache(TaskInvocation invocation, int ordinal, StageRun stageRun, TaskRunner runner,
                                  Map<OutputPlaceholder, StoredTable> stageTables) {
        CacheEntry entry = stageRun.committedEntry(invocation.taskName(), ordinal);
        TaskRunner.Execution execution = entry != null && stageRun.isIntact(entry)
                ? runner.fromEntry(invocation, entry, TaskOutcome.SKIPPED, "not selected: outputs read from the last commit")
                : TaskRunner.Execution.failed(new DefinitionException("Task '" + invocation.taskName() + "' of stage '"
                        + invocation.stage().name() + "' is not selected to run and has no committed output to read. "
                        + "Run its stage first.", invocation.taskName(), null, invocation.stage().name()), null);
        return recorder.report(invocation, execution, 0, stageTables);
    }
}
