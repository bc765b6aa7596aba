package dev.dag.internal.engine.run;

import dev.dag.MaterializedTable;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.TaskOutcome;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.plan.PlanBook;
import dev.dag.internal.engine.plan.PlannedKeys;
import dev.dag.internal.engine.plan.PlannedOutputs;
import dev.dag.internal.engine.stage.StageRun;
import dev.dag.internal.engine.stage.StageRuns;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What kind of run a {@link Run} is, as the one strategy it holds: a real run ({@link #REAL}) writes its stages and
 * records itself; a plan ({@link Planning}) reads the committed versions, runs no body it need not run and writes
 * nothing. The run's steps ask their mode instead of checking whether they plan.
 */
interface RunMode {
    /** A run that writes. */
    RunMode REAL = new RunMode() {
    };

    /** A new plan. */
    static RunMode plan() {
        return new Planning();
    }

    /** Whether this run writes its stages and its record (false: a plan). */
    default boolean writes() {
        return true;
    }

    /**
     * Starts a version of {@code stage}: takes its lock and reads its committed version, with a writer that writes (a
     * plan only reads, and its writer only keys).
     */
    default StageRun beginStage(StageRuns stages, String stage) {
        return stages.begin(stage);
    }

    /**
     * Before the cache decision: the task's execution if this mode cannot foresee it (a plan whose inputs' keys are
     * unknown), else empty.
     *
     * @param inputKeys the keys of the task's inputs, by the placeholder they come from
     * @param inputs    the task's bound inputs, by the placeholder they come from
     */
    default Optional<TaskExecution> unforeseeable(TaskInvocation invocation, StageRun stageRun,
                                                  Map<OutputPlaceholder, String> inputKeys,
                                                  Map<OutputPlaceholder, Object> inputs) {
        return Optional.empty();
    }

    /**
     * A task that is not cache-valid: its execution without running its body (a plan of a task whose body is
     * not lazy), or empty when the body runs.
     *
     * @param newOutputs whether its outputs would get new keys (forced, or from inputs with new keys)
     */
    default Optional<TaskExecution> withoutBody(TaskInvocation invocation, StageRun stageRun, TaskKey key,
                                                String reason, boolean newOutputs, CacheEntry previous) {
        return Optional.empty();
    }

    /** What a body that ran comes to in this mode. */
    default TaskExecution afterBody(TaskInvocation invocation, StageRun stageRun, TaskExecution execution,
                                    boolean force) {
        return execution;
    }

    /** A task reported (run, cache-valid, failed or skipped), for what this mode keeps of it. */
    default void reported(TaskInvocation invocation, TaskOutcome outcome, String reason, List<String> tables,
                          List<MaterializedTable> materializations) {
    }

    /** What this mode found, for a plan. */
    default Plan plan(FlowDefinition flow, String instance, String runId) {
        throw new IllegalStateException("dag bug: a run that writes has no plan");
    }

    /** What a plan found for {@code invocation}; null when it did not reach it. */
    default PlannedTask planned(TaskInvocation invocation) {
        throw new IllegalStateException("dag bug: a run that writes has no plan");
    }

    /**
     * A plan ({@code flow.plan}, a dry run): reads each stage's committed version without its lock, gives the outputs
     * of a task that would run the keys the run would give them without running its body (a lazy body runs, writing
     * nothing), and records each task's decision in its {@link PlanBook}.
     */
    final class Planning implements RunMode {
        private final PlanBook book = new PlanBook();

        @Override
        public boolean writes() {
            return false;
        }

        @Override
        public StageRun beginStage(StageRuns stages, String stage) {
            return stages.read(stage);
        }

        @Override
        public Optional<TaskExecution> unforeseeable(TaskInvocation invocation, StageRun stageRun,
                                                     Map<OutputPlaceholder, String> inputKeys,
                                                     Map<OutputPlaceholder, Object> inputs) {
            String why = book.unforeseeable(invocation, inputKeys, inputs);
            return why == null ? Optional.empty() : Optional.of(unknown(invocation, stageRun, why));
        }

        /**
         * A task with a version that would run. Its body does not run; its outputs get the keys the run would give them
         * (new ones when it runs without a version, forced, or from inputs with new keys), and its tables are those of
         * its last cache entry. A lazy body runs.
         */
        @Override
        public Optional<TaskExecution> withoutBody(TaskInvocation invocation, StageRun stageRun, TaskKey key,
                                                   String reason, boolean newOutputs, CacheEntry previous) {
            if (invocation.descriptor().lazy()) {
                return Optional.empty();
            }
            boolean renewed = newOutputs || invocation.descriptor().version().isEmpty();
            PlannedOutputs outputs = PlannedOutputs.of(invocation.descriptor(), stageRun.writer(),
                    path -> renewed ? PlannedKeys.newKey() : key.outputKey(path));
            List<String> tables = previous == null ? List.of() : previous.outputs().stream()
                    .filter(CacheEntry.Output::isTable).map(CacheEntry.Output::name).toList();
            return Optional.of(new TaskExecution(TaskOutcome.RAN, reason, outputs.bound(), outputs.keys(), tables,
                    List.of(), 0, null, List.of()));
        }

        /**
         * A lazy body that ran. If it stopped at something only a run has, the task is unknown. A forced lazy task with
         * a source fingerprint keys its tables with the run's id, so their consumers see new keys.
         */
        @Override
        public TaskExecution afterBody(TaskInvocation invocation, StageRun stageRun, TaskExecution execution,
                                       boolean force) {
            String unforeseeable = execution.failure() == null ? null : PlanBook.unforeseeable(execution.failure());
            if (unforeseeable != null) {
                return unknown(invocation, stageRun, unforeseeable);
            }
            if (!force || !invocation.descriptor().hasFreshness() || execution.failure() != null) {
                return execution;
            }
            Map<String, String> keys = new LinkedHashMap<>();
            execution.outputKeys().keySet().forEach(path -> keys.put(path, PlannedKeys.newKey()));
            return new TaskExecution(execution.outcome(), execution.reason(), execution.outputs(), keys,
                    execution.tables(), execution.materializations(), execution.rows(), null, execution.warnings());
        }

        /** A task the plan cannot foresee; its consumers see undetermined keys. */
        private TaskExecution unknown(TaskInvocation invocation, StageRun stageRun, String why) {
            book.markUnknown(invocation, why);
            PlannedOutputs outputs = PlannedOutputs.of(invocation.descriptor(), stageRun.writer(),
                    path -> PlannedKeys.undetermined());
            return new TaskExecution(TaskOutcome.SKIPPED, why, outputs.bound(), outputs.keys(), List.of(), List.of(), 0,
                    null, List.of());
        }

        @Override
        public void reported(TaskInvocation invocation, TaskOutcome outcome, String reason, List<String> tables,
                             List<MaterializedTable> materializations) {
            book.record(invocation, outcome, reason, tables, materializations);
        }

        @Override
        public Plan plan(FlowDefinition flow, String instance, String runId) {
            return book.plan(flow, instance, runId);
        }

        @Override
        public PlannedTask planned(TaskInvocation invocation) {
            return book.of(invocation);
        }
    }
}
