package dev.dag.internal.engine.plan;

import dev.dag.Blob;
import dev.dag.MaterializedTable;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.TaskOutcome;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.values.NotYetWritten;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a plan found so far, task by task; and the rules for what it cannot know
 * (a task whose inputs the plan cannot foresee is unknown, never guessed).
 */
public final class PlanBook {
    private final Map<TaskInvocation, String> unknown = new IdentityHashMap<>();
    private final Map<TaskInvocation, PlannedTask> byInvocation = new IdentityHashMap<>();

    /**
     * Why the plan cannot foresee {@code invocation} from its inputs (their keys and bound values by placeholder),
     * or null when it can: an input whose key is undetermined; for a lazy task, whose body hashes its inputs' keys
     * into its tables' keys and reads their values, also an input with a new key or a blob not computed yet.
     */
    public String unforeseeable(TaskInvocation invocation, Map<OutputPlaceholder, String> inputKeys,
                                Map<OutputPlaceholder, Object> inputValues) {
        boolean lazy = invocation.descriptor().lazy();
        for (Map.Entry<OutputPlaceholder, String> input : inputKeys.entrySet()) {
            OutputPlaceholder placeholder = input.getKey();
            if (PlannedKeys.isUndetermined(input.getValue())) {
                return "its input " + placeholder + " depends on what only a run can tell";
            }
            if (lazy && PlannedKeys.isNew(input.getValue())) {
                return "its input " + placeholder + " gets a new key when its task runs, which this lazy task's "
                        + "tables hash: whether they change is known only then";
            }
            if (lazy && inputValues.get(placeholder) instanceof Blob blob && blob.obj() == PlannedKeys.UNKNOWN_VALUE) {
                return "it reads the blob " + placeholder + ", which its task computes only when it runs";
            }
        }
        return null;
    }

    /** Why a lazy body that the plan ran could not be followed to its end, or null when {@code failure} is not that. */
    public static String unforeseeable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof NotYetWritten notYet) {
                return "its body " + notYet.getMessage();
            }
        }
        return null;
    }

    /** Marks {@code invocation} as unknown to the plan, for {@code why}. */
    public void markUnknown(TaskInvocation invocation, String why) {
        unknown.put(invocation, why);
    }

    /**
     * Records what the run would do with {@code invocation}: {@code outcome} and {@code reason}, its {@code tables}
     * and, for a body the plan ran, each table's {@code materializations} (kept or rebuilt).
     */
    public void record(TaskInvocation invocation, TaskOutcome outcome, String reason, List<String> tables,
                       List<MaterializedTable> materializations) {
        String stage = invocation.stage().name();
        String why = unknown.get(invocation);
        if (why != null) {
            add(invocation, new PlannedTask(invocation.taskName(), stage, PlannedTask.Decision.UNKNOWN, why, List.of(),
                    List.of(), false));
            return;
        }
        List<String> kept = new ArrayList<>();
        List<String> rebuilt = new ArrayList<>();
        if (!materializations.isEmpty()) {
            materializations.forEach(table -> (table.outcome() == MaterializedTable.Outcome.CACHE_VALID ? kept : rebuilt)
                    .add(table.name()));
        } else if (outcome == TaskOutcome.CACHE_VALID) {
            kept.addAll(tables);
        } else if (outcome == TaskOutcome.RAN) {
            rebuilt.addAll(tables);
        }
        boolean asLastRun = outcome == TaskOutcome.RAN && materializations.isEmpty();
        add(invocation, new PlannedTask(invocation.taskName(), stage, decisionOf(outcome), reason, kept, rebuilt,
                asLastRun));
    }

    private void add(TaskInvocation invocation, PlannedTask task) {
        byInvocation.put(invocation, task);
    }

    /** What the plan found for {@code invocation}, or null when it did not reach it. */
    public PlannedTask of(TaskInvocation invocation) {
        return byInvocation.get(invocation);
    }

    /**
     * The plan of {@code flow} on {@code instance}, made by the planning run {@code runId}: its tasks in the order of
     * the flow's definition, as a run's result lists them (a task may be decided before an earlier one).
     */
    public Plan plan(FlowDefinition flow, String instance, String runId) {
        List<PlannedTask> tasks = byInvocation.keySet().stream().sorted(flow.definitionOrder())
                .map(byInvocation::get).toList();
        return new FlowPlan(flow, instance, tasks, runId);
    }

    private static PlannedTask.Decision decisionOf(TaskOutcome outcome) {
        return switch (outcome) {
            case RAN -> PlannedTask.Decision.RUN;
            case CACHE_VALID -> PlannedTask.Decision.CACHE_VALID;
            case LAZY_CACHE_VALID -> PlannedTask.Decision.LAZY_CACHE_VALID;
            case FAILED -> PlannedTask.Decision.FAIL;
            case SKIPPED -> PlannedTask.Decision.SKIP;
            case OVERRIDDEN -> PlannedTask.Decision.OVERRIDE;
        };
    }
}
