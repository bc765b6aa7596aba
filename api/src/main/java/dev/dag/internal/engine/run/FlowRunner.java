package dev.dag.internal.engine.run;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Plan;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;
import java.util.HashSet;
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
    private final Run run;

    /** What a flow run hands back: the result and, if the run failed, the first failure. */
    public record Outcome(Result result, DagException failure) {
    }

    private FlowRunner(FlowDefinition flow, RunOptions options, Run run) {
        this.flow = flow;
        this.options = options;
        this.run = run;
    }

    /**
     * Runs {@code flow}; task failures do not throw, the outcome carries them.
     *
     * @throws DagException if the run is refused before any task ran (a bad selection, an unreachable database)
     */
    public static Outcome run(FlowDefinition flow, RunOptions options) {
        checkSelection(flow, options);
        Run run = Run.open(flow, options);
        try {
            run.refuseVersionDrift();
            LOG.info("run {} of flow '{}' on {}: {} stages, {} tasks, {}", run.runId(), flow.name(), run.config(),
                    flow.stages().size(), flow.taskCount(), options.cacheValidation());
            runStages(flow, options, run);
        } catch (RuntimeException | Error e) {
            // the run ends here too: recorded as failed, and no longer live for other runs
            run.fail(e instanceof DagException refused ? refused
                    : new DagException("The run stopped: " + e, null, null, null, e));
            run.finish();
            throw e;
        }
        return new Outcome(run.finish(), run.failure());
    }

    /**
     * What {@link #run} would do, found by the same steps in a run that reads the committed versions and writes
     * nothing (see {@link Run#openForPlan}).
     *
     * @throws DagException what would refuse the run before any task ran
     */
    public static Plan plan(FlowDefinition flow, RunOptions options) {
        checkSelection(flow, options);
        Run run = Run.openForPlan(flow, options);
        run.refuseVersionDrift();
        LOG.debug("plan of flow '{}' on {}", flow.name(), run.config());
        runStages(flow, options, run);
        run.finish();
        return run.plan();
    }

    private static void runStages(FlowDefinition flow, RunOptions options, Run run) {
        ThreadStates.beginFlowRun(run);
        try {
            new FlowRunner(flow, options, run).runStages();
        } finally {
            ThreadStates.endRun(run);
        }
    }

    private void runStages() {
        for (StageDefinition stage : flow.stages()) {
            if (run.failure() != null && options.failFast()) {
                stage.invocations().forEach(invocation -> run.skip(invocation, "the run stopped at an earlier failure"));
            } else {
                runStage(stage);
            }
        }
    }

    private void runStage(StageDefinition definition) {
        boolean selected = options.stages().isEmpty() || options.stages().contains(definition.name());
        try {
            StageExecution stage = run.beginStage(definition, selected && options.tasks().isEmpty(), false);
            try {
                for (TaskInvocation invocation : definition.invocations()) {
                    runTask(stage, invocation, selected);
                }
                run.endStage(stage, true);
            } finally {
                stage.close();
            }
        } catch (DagException e) {
            definition.invocations().stream().filter(invocation -> !run.isReported(invocation))
                    .forEach(invocation -> run.skip(invocation, "stage '" + definition.name() + "' failed: "
                            + e.getMessage()));
            run.fail(StackTraces.forUser(e)); // its stage could not begin or publish: thrown at the flow.run() line
        }
    }

    private void runTask(StageExecution stage, TaskInvocation invocation, boolean stageSelected) {
        boolean selected = stageSelected
                && (options.tasks().isEmpty() || options.tasks().contains(invocation.taskName()));
        if (stage.failed() && options.failFast()) {
            run.skip(invocation, "an earlier task of the stage failed");
        } else if (invocation.upstream().stream().anyMatch(run::isUnavailable)) {
            run.skip(invocation, "an input task failed or was skipped, or its stage was not committed");
        } else if (!selected) {
            run.readCommitted(stage, invocation);
        } else {
            run.runTask(stage, invocation, !options.tasks().isEmpty());
        }
    }

    private static void checkSelection(FlowDefinition flow, RunOptions options) {
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
}
