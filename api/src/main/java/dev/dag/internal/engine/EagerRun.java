package dev.dag.internal.engine;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunOptions;
import dev.dag.internal.store.dialect.Identifiers;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run opened around existing code ({@code RunContext.open}, or the agent's {@code flow=} option): each
 * call of a task method executes at once, with the same caching as in a flow. A task goes to the stage
 * of the enclosing {@code Stage} block, else the stage on its annotation, else a stage named after the
 * run. A stage is committed when its block closes, the others when the run closes; a failed stage, or a
 * run ended by {@link #fail}, commits nothing it touched.
 */
public final class EagerRun implements RunContext {
    private static final Logger LOG = LoggerFactory.getLogger(EagerRun.class);

    private final FlowDefinition flow;
    private final RunOptions options;
    private final ConfigContext config;
    private final RunState run;
    private final RunRecorder recorder;
    private final ExecutionState state;
    private final Map<String, OpenStage> open = new LinkedHashMap<>();
    private final Set<String> finished = new HashSet<>();
    private final long start = System.nanoTime();
    private OpenStage block;
    private RunResult result;

    /** A stage being written by this run. */
    private static final class OpenStage {
        final StageDefinition definition;
        final StageRun stageRun;
        final Map<String, Integer> ordinals = new HashMap<>();
        final Map<OutputPlaceholder, StoredTable> tables = new HashMap<>();
        boolean failed;

        OpenStage(StageDefinition definition, StageRun stageRun) {
            this.definition = definition;
            this.stageRun = stageRun;
        }
    }

    private EagerRun(String flowName, RunOptions options, ExecutionState state) {
        this.flow = new FlowDefinition(flowName);
        this.options = options;
        this.config = options.config() != null ? options.config() : ConfigContext.defaults();
        this.state = state;
        this.run = RunState.open(flowName, config);
        this.recorder = new RunRecorder(run);
    }

    /**
     * Opens an eager run on this thread.
     *
     * @throws DefinitionException if the agent is not attached, or a run or flow definition is already open here
     */
    public static EagerRun open(RunOptions options, String flowName) {
        AgentPresence.requireAttached(flowName);
        ExecutionState state = ExecutionState.current();
        if (state.eager != null || state.run != null || state.definingFlow != null) {
            throw StackTraces.forUser(new DefinitionException("RunContext.open(\"" + flowName + "\") inside another "
                    + "run or flow definition on this thread. Close that one first."));
        }
        EagerRun eager = new EagerRun(flowName, options, state);
        state.eager = eager;
        Activity.begin();
        eager.recorder.runStarted(flowName);
        LOG.info("run {} of '{}' opened on {}", eager.run.runId(), flowName, eager.config);
        return eager;
    }

    @Override
    public String runId() {
        return run.runId();
    }

    @Override
    public String flowName() {
        return flow.name();
    }

    @Override
    public ConfigContext config() {
        return config;
    }

    /** Runs a task now; returns what the caller gets (bound tables, or the stored outputs when cache-valid). */
    Object call(TaskDescriptor task, Object self, Object[] args) {
        String stageName = block != null ? block.definition.name()
                : !task.stage().isEmpty() ? task.stage() : flow.name();
        OpenStage stage = stage(stageName);
        TaskInvocation invocation = new TaskInvocation(task, self, args, stage.definition, null);
        stage.definition.add(invocation);
        int ordinal = stage.ordinals.merge(task.name(), 1, Integer::sum) - 1;
        TaskRunner runner = new TaskRunner(stage.stageRun, recorder.outputs, recorder.outputKeys,
                options.cacheValidation(), run.runId());
        long begin = System.nanoTime();
        TaskRunner.Execution execution = runner.run(invocation, ordinal, false);
        if (!recorder.report(invocation, execution, (System.nanoTime() - begin) / 1_000_000, stage.tables)) {
            stage.failed = true;
            throw execution.failure();
        }
        return ReturnValues.assemble(task, execution.outputs());
    }

    private OpenStage stage(String name) {
        OpenStage stage = open.get(name);
        if (stage != null) {
            return stage;
        }
        Identifiers.requireValid(name, "stage name", null, name);
        if (finished.contains(name)) {
            throw new DefinitionException("Stage '" + name + "' was already committed by this run; a stage is written "
                    + "once per run. Put its tasks in one Stage block.", null, null, name);
        }
        StageDefinition definition = new StageDefinition(flow, name);
        flow.add(definition);
        StageRun stageRun = new StageRun(run, name);
        stageRun.begin();
        stage = new OpenStage(definition, stageRun);
        open.put(name, stage);
        return stage;
    }

    /** A {@code Stage} block opened inside this run: its tasks go to that stage, committed when it closes. */
    StageDefinition openStage(String name) {
        if (block != null) {
            throw new DefinitionException("Stage '" + name + "' is opened inside stage '" + block.definition.name()
                    + "'. Stages cannot be nested: close the first one before.", null, null, name);
        }
        block = stage(name);
        return block.definition;
    }

    /** Ends a {@code Stage} block: commits its stage unless one of its tasks failed. */
    void closeStage(StageDefinition definition) {
        if (block != null && block.definition == definition) {
            OpenStage stage = block;
            block = null;
            finish(stage, true);
        }
    }

    private void finish(OpenStage stage, boolean commit) {
        open.remove(stage.definition.name());
        finished.add(stage.definition.name());
        try (StageRun stageRun = stage.stageRun) {
            if (commit && !stage.failed) {
                stageRun.publish();
                recorder.committed(stage.tables);
                LOG.info("stage {}: committed", stage.definition.name());
            } else {
                stageRun.abort();
                recorder.forgetOutputsOf(stage.definition);
                LOG.info("stage {}: not committed{}", stage.definition.name(), stage.failed ? ", a task failed" : "");
            }
        } catch (DagException e) {
            recorder.fail(e);
            throw e;
        }
    }

    /** The run's result so far (final once closed). */
    @Override
    public Result result() {
        return result != null ? result : recorder.result(flow, (System.nanoTime() - start) / 1_000_000, config);
    }

    /** Commits the stages still open (unless a task of theirs failed) and ends the run. */
    @Override
    public void close() {
        end(true);
    }

    /** Ends the run committing nothing that is still open: the code it wrapped failed. */
    public void fail() {
        end(false);
    }

    private void end(boolean commit) {
        if (result != null) {
            return;
        }
        try {
            for (OpenStage stage : open.values().toArray(OpenStage[]::new)) {
                finish(stage, commit);
            }
        } finally {
            recorder.runFinished();
            Activity.end();
            state.eager = null;
            block = null;
            result = recorder.result(flow, (System.nanoTime() - start) / 1_000_000, config);
            LOG.info("run {} of '{}' {}", run.runId(), flow.name(), commit && result.successful() ? "committed"
                    : "ended without committing its open stages");
        }
    }
}
