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
import dev.dag.internal.engine.override.OutputOverrides;
import dev.dag.internal.engine.schedule.FlowSchedule;
import dev.dag.internal.engine.schedule.FlowSteps;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a defined flow: carries out the steps of its {@link Run} when its {@link FlowSchedule} says (tasks in
 * definition order, which is dependency order, or several at once with a parallelism above 1). Each stage is
 * committed only when all of its tasks succeeded; stages left out by {@link RunOptions#withStages} and tasks
 * left out by {@link RunOptions#withTasks} are read from their last committed version instead of running. A run
 * with overrides ({@link RunOptions#withOverride}) is a test run: the overridden tasks do not run, their outputs are
 * the given tables, and no stage is published (each is written aside, as for a task selection).
 */
public final class FlowRunner implements FlowSteps {
    private static final Logger LOG = LoggerFactory.getLogger(FlowRunner.class);

    private final RunOptions options;
    private final Run run;
    private final TaskSelection selection;
    private final OutputOverrides overrides;
    private final Map<StageDefinition, StageExecution> executions = new HashMap<>();

    /** What a flow run hands back: the result and, if the run failed, the first failure. */
    public record Outcome(Result result, DagException failure) {
    }

    private FlowRunner(FlowDefinition flow, RunOptions options, Run run) {
        this.options = options;
        this.run = run;
        this.overrides = OutputOverrides.of(flow, options.overrides());
        this.selection = new TaskSelection(flow, options, overrides);
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
            if (!options.overrides().isEmpty()) {
                run.warn("a test run: RunOptions.withOverride gives the output of " + options.overrides().keySet()
                        + ", so no stage is published and nothing is cached; the tables it wrote are readable "
                        + "through this result and dropped by the next run of their stage");
            }
            int parallelism = run.parallelism();
            LOG.info("run {} of flow '{}' on {}: {} stages, {} tasks, {}, parallelism {}", run.runId(), flow.name(),
                    run.config(), flow.stages().size(), flow.taskCount(), options.cacheValidation(), parallelism);
            runStages(flow, options, run, parallelism);
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
     * nothing (see {@link Run#openForPlan}), one task after another: a plan executes no SQL, nothing to overlap.
     *
     * @throws DagException what would refuse the run before any task ran
     */
    public static Plan plan(FlowDefinition flow, RunOptions options) {
        return planned(flow, options).plan();
    }

    /** The finished planning run of {@link #plan}, whose outputs hold what a run would bind. */
    static Run planned(FlowDefinition flow, RunOptions options) {
        checkSelection(flow, options);
        Run run = Run.openForPlan(flow, options);
        run.refuseVersionDrift();
        LOG.debug("plan of flow '{}' on {}", flow.name(), run.config());
        runStages(flow, options, run, 1);
        run.finish();
        return run;
    }

    private static void runStages(FlowDefinition flow, RunOptions options, Run run, int parallelism) {
        ThreadStates.beginFlowRun(run);
        try {
            FlowSchedule.run(flow, new FlowRunner(flow, options, run), parallelism, options.failFast());
        } finally {
            ThreadStates.endRun(run);
        }
    }

    @Override
    public boolean beginStage(StageDefinition definition) {
        try {
            executions.put(definition, run.beginStage(definition, selection.runs(definition)
                    && options.tasks().isEmpty() && !overrides.any(), false));
            return true;
        } catch (DagException e) {
            stageFailed(definition, e);
            return false;
        }
    }

    @Override
    public TaskWork start(TaskInvocation invocation) {
        StageExecution stage = executions.get(invocation.stage());
        int ordinal = stage.nextOrdinal(invocation.taskName());
        boolean forced = !options.tasks().isEmpty();
        if (overrides.replaces(invocation)) {
            return inRun(() -> run.override(stage, invocation, overrides));
        }
        if (!selection.runs(invocation)) {
            return inRun(() -> run.readCommitted(stage, invocation, ordinal, selection));
        }
        return new TaskWork() {
            private TaskRunner.Attempt attempt;

            @Override
            public Boolean settleHere() {
                attempt = run.attemptTask(stage, invocation, ordinal, forced);
                return attempt == null || attempt.settled() == null ? null : attempt.settled().failure() == null;
            }

            @Override
            public boolean run() {
                return inRun(() -> attempt != null ? run.finishTask(stage, invocation, attempt)
                        : run.runTask(stage, invocation, ordinal, forced)).run();
            }
        };
    }

    /** Work that joins the run on the thread it runs on (a worker's), for the task's contexts. */
    private TaskWork inRun(Supplier<TaskExecution> task) {
        return () -> {
            boolean joined = ThreadStates.joinRun(run);
            try {
                return task.get().failure() == null;
            } finally {
                if (joined) {
                    ThreadStates.leaveRun(run);
                }
            }
        };
    }

    @Override
    public void skip(TaskInvocation invocation, String reason) {
        run.skip(invocation, selection.runs(invocation) ? reason : "not selected, and " + reason);
    }

    @Override
    public boolean isUnavailable(TaskInvocation invocation) {
        return run.isUnavailable(invocation);
    }

    @Override
    public boolean endStage(StageDefinition definition, boolean commit) {
        try {
            run.endStage(executions.remove(definition), commit);
            return true;
        } catch (DagException e) {
            stageFailed(definition, e);
            return false;
        }
    }

    /** The stage could not begin or be published: its tasks not reported yet are skipped, and the run fails. */
    private void stageFailed(StageDefinition definition, DagException e) {
        definition.invocations().stream().filter(invocation -> !run.isReported(invocation))
                .forEach(invocation -> run.skip(invocation, "stage '" + definition.name() + "' failed: "
                        + e.getMessage()));
        run.fail(StackTraces.forUser(e)); // its stage could not begin or publish: thrown at the flow.run() line
    }

    private static void checkSelection(FlowDefinition flow, RunOptions options) {
        OutputOverrides.of(flow, options.overrides()); // refuses an override of no task, or of no single table
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

    /**
     * Which calls of a flow a run with {@link RunOptions#withStages} or {@link RunOptions#withTasks} runs, and which of
     * the others it must read from the cache: those whose outputs a selected call reads, directly or through other
     * calls left out. The rest need not have any committed output.
     */
    static final class TaskSelection {
        private final FlowDefinition flow;
        private final RunOptions options;
        private final OutputOverrides overrides;
        /** Each call left out that must be read, with a selected call that reads it. */
        private final Map<TaskInvocation, TaskInvocation> readBy = new IdentityHashMap<>();

        TaskSelection(FlowDefinition flow, RunOptions options, OutputOverrides overrides) {
            this.flow = flow;
            this.options = options;
            this.overrides = overrides;
            flow.stages().forEach(stage -> stage.invocations().stream().filter(this::runs).forEach(this::markInputs));
        }

        /** Whether {@code invocation} runs (every call, when the options select nothing). */
        boolean runs(TaskInvocation invocation) {
            return runs(invocation.stage()) && (options.tasks().isEmpty()
                    || options.tasks().contains(invocation.taskName()));
        }

        /** Whether the tasks of {@code stage} may run (it is selected, or no stage is). */
        boolean runs(StageDefinition stage) {
            return options.stages().isEmpty() || options.stages().contains(stage.name());
        }

        /** A selected call that reads the outputs of {@code invocation}, which does not run; null when none does. */
        TaskInvocation readerOf(TaskInvocation invocation) {
            return readBy.get(invocation);
        }

        /** What to select so that {@code missing} runs too, e.g. {@code withStages("raw", "clean")}. */
        String including(TaskInvocation missing) {
            Set<String> names = new LinkedHashSet<>();
            if (!options.tasks().isEmpty()) {
                names.addAll(options.tasks());
                names.add(missing.taskName());
                return "RunOptions.withTasks(" + quoted(names) + ")";
            }
            for (StageDefinition stage : flow.stages()) {
                if (options.stages().contains(stage.name()) || stage == missing.stage()) {
                    names.add(stage.name());
                }
            }
            return "RunOptions.withStages(" + quoted(names) + ")";
        }

        private void markInputs(TaskInvocation reader) {
            Deque<TaskInvocation> inputs = new ArrayDeque<>(reader.upstream());
            while (!inputs.isEmpty()) {
                TaskInvocation input = inputs.pop();
                if (!runs(input) && !overrides.replaces(input) && readBy.putIfAbsent(input, reader) == null) {
                    inputs.addAll(input.upstream());
                }
            }
        }

        private static String quoted(Set<String> names) {
            return names.stream().map(name -> "\"" + name + "\"").collect(Collectors.joining(", "));
        }
    }
}
