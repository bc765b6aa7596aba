package dev.dag.internal.engine.run;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunOptions;
import dev.dag.internal.engine.context.AgentPresence;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.context.ThreadState;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.store.Identifiers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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

    private final Run run;
    private final Map<String, StageExecution> open = new LinkedHashMap<>();
    private final Set<String> finished = new HashSet<>();
    private StageExecution block;
    private boolean ended;

    private EagerRun(Run run) {
        this.run = run;
    }

    /**
     * Opens an eager run on this thread.
     *
     * @throws DefinitionException if the agent is not attached, or a run or flow definition is already open here
     */
    public static EagerRun open(RunOptions options, String flowName) {
        AgentPresence.requireAttached(flowName);
        ThreadStates.requireIdleFor("RunContext.open(\"" + flowName + "\")");
        refuseFlowOnlyOptions(options, flowName);
        EagerRun eager = new EagerRun(Run.open(new FlowDefinition(flowName), options));
        ThreadStates.beginEagerRun(eager);
        LOG.info("run {} of '{}' opened on {}", eager.runId(), flowName, eager.config());
        return eager;
    }

    /**
     * Refuses options that only a flow run can honour: an eager run calls each task as the code reaches it, so it
     * can neither put given rows in a task's place nor leave tasks out. Ignored, an override would run the real task.
     *
     * @throws DefinitionException naming the options and what to do
     */
    private static void refuseFlowOnlyOptions(RunOptions options, String flowName) {
        List<String> flowOnly = new ArrayList<>();
        if (!options.overrides().isEmpty()) {
            flowOnly.add("RunOptions.withOverride (tasks " + new TreeSet<>(options.overrides().keySet()) + ")");
        }
        if (!options.tasks().isEmpty()) {
            flowOnly.add("RunOptions.withTasks " + new TreeSet<>(options.tasks()));
        }
        if (!options.stages().isEmpty()) {
            flowOnly.add("RunOptions.withStages " + new TreeSet<>(options.stages()));
        }
        if (!flowOnly.isEmpty()) {
            throw new DefinitionException("RunContext.open(\"" + flowName + "\") cannot honour "
                    + String.join(", ", flowOnly) + ": an eager run calls each task as the code reaches it, so it "
                    + "can neither put given rows in a task's place nor leave tasks out. Define the pipeline as a Flow "
                    + "and use these options with flow.run (or flow.plan), or open the run without them.", null, null,
                    null);
        }
    }

    @Override
    public String runId() {
        return run.runId();
    }

    @Override
    public String flowName() {
        return run.flowName();
    }

    @Override
    public ConfigContext config() {
        return run.config();
    }

    /**
     * Runs a task now; returns what the caller gets (bound tables, or the stored outputs when cache-valid).
     *
     * @throws DagException the task's failure (its stage then commits nothing)
     */
    public Object call(TaskDescriptor task, Object self, Object[] args) {
        String stageName = block != null ? block.name() : !task.stage().isEmpty() ? task.stage() : run.flowName();
        StageExecution stage;
        try {
            stage = stage(stageName);
        } catch (DagException e) {
            throw StackTraces.atCaller(e, task.method().getDeclaringClass(), task.method().getName());
        }
        TaskInvocation invocation = new TaskInvocation(task, self, args, stage.definition());
        stage.definition().add(invocation);
        TaskExecution execution = run.runTask(stage, invocation, false);
        if (execution.failure() != null) {
            throw execution.failure();
        }
        return task.joinOutputs(execution.outputs());
    }

    private StageExecution stage(String name) {
        StageExecution stage = open.get(name);
        if (stage != null) {
            return stage;
        }
        Identifiers.requireValid(name, "stage name", null, name);
        if (finished.contains(name)) {
            throw new DefinitionException("Stage '" + name + "' was already committed by this run; a stage is written "
                    + "once per run. Put its tasks in one Stage block.", null, null, name);
        }
        StageDefinition definition = new StageDefinition(run.flow(), name);
        run.flow().add(definition);
        stage = run.beginStage(definition, true, true);
        open.put(name, stage);
        return stage;
    }

    /** A {@code Stage} block opened inside this run: its tasks go to that stage, committed when it closes. */
    public StageDefinition openStage(String name) {
        if (block != null) {
            throw new DefinitionException("Stage '" + name + "' is opened inside stage '" + block.name()
                    + "'. Stages cannot be nested: close the first one before.", null, null, name);
        }
        block = stage(name);
        return block.definition();
    }

    /** Ends a {@code Stage} block: commits its stage unless one of its tasks failed. */
    public void closeStage(StageDefinition definition) {
        if (block != null && block.definition() == definition) {
            StageExecution stage = block;
            block = null;
            finish(stage, true);
        }
    }

    private void finish(StageExecution stage, boolean commit) {
        open.remove(stage.name());
        finished.add(stage.name());
        run.endStage(stage, commit);
    }

    /** The run's result so far (final once closed). */
    @Override
    public Result result() {
        return run.result();
    }

    /** Commits the stages still open (unless a task of theirs failed) and ends the run. */
    @Override
    public void close() {
        try {
            end(true);
        } catch (DagException e) {
            throw StackTraces.forUser(e); // a stage could not be published: thrown where the run closes
        }
    }

    /**
     * Ends the run committing nothing that is still open: the code it wrapped failed with {@code cause}. The
     * run is recorded as failed, with the cause as its failure.
     */
    public void fail(Throwable cause) {
        run.fail(new DagException("The code run " + runId() + " wrapped failed: " + cause, null, null, null, cause));
        end(false);
    }

    private void end(boolean commit) {
        if (ended) {
            return;
        }
        ended = true;
        try {
            for (StageExecution stage : open.values().toArray(StageExecution[]::new)) {
                finish(stage, commit);
            }
        } finally {
            ThreadStates.endRun(this);
            block = null;
            Result result = run.finish();
            LOG.info("run {} of '{}' {}", runId(), flowName(), commit && result.successful() ? "committed"
                    : "ended without committing its open stages");
        }
    }
}
