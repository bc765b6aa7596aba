package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.Flow;
import dev.dag.MaterializedTable;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Whether a run did what the plan made just before it said: task by task, the same outcome and reason and the same
 * tables kept and rebuilt. An {@code UNKNOWN} task is not compared (that is what the plan says of it), nor the
 * table names of a task whose body the plan did not run ({@code tablesAsLastRun}). A plan neither executes SQL nor
 * runs the bodies of tasks with a version, so it cannot foresee a statement the database refuses or a body that
 * throws: from the first task the plan said would run (or could not tell) and that failed, the run is not compared
 * any further. With several tasks at once ({@link TestDatabase#suiteParallelism()}), tasks after a failure in
 * definition order may have run before it happened (the plan, one task at a time, skips them): the run is not
 * compared after its first failure.
 */
public final class PlanAgreement {
    private PlanAgreement() {
    }

    /**
     * Plans a run of {@code flow} with the options {@code options} derives from {@code db}'s, runs it, asserts the run
     * did what the plan said and returns its result.
     */
    public static Result runAsPlanned(TestDatabase db, Flow flow, UnaryOperator<RunOptions> options) {
        Plan plan = flow.plan(options.apply(db.options()));
        Result result = db.run(flow, options);
        assertAgrees(plan, result);
        return result;
    }

    /** Asserts that {@code result} is what {@code plan} foresaw. */
    public static void assertAgrees(Plan plan, Result result) {
        List<PlannedTask> planned = plan.tasks();
        List<TaskResult> ran = result.tasks();
        assertEquals(names(planned), ran.stream().map(task -> task.stage() + "." + task.task()).toList(),
                () -> "the plan lists the run's tasks in its order\n" + plan.summary() + "\n" + result.summary());
        for (int i = 0; i < planned.size(); i++) {
            PlannedTask expected = planned.get(i);
            TaskResult actual = ran.get(i);
            if (expected.decision() == PlannedTask.Decision.RUN && actual.outcome() == TaskOutcome.FAILED) {
                return;
            }
            if (expected.decision() == PlannedTask.Decision.UNKNOWN) {
                if (actual.outcome() == TaskOutcome.FAILED) {
                    return; // "unknown until it runs" includes failing, and the run stops there
                }
                continue;
            }
            String where = actual.stage() + "." + actual.task() + "\n" + plan.summary() + "\n" + result.summary();
            assertEquals(expected.decision().outcome(), actual.outcome(), () -> "outcome of " + where);
            assertEquals(expected.reason(), actual.reason(), () -> "reason of " + where);
            assertTables(expected, actual, where);
            if (actual.outcome() == TaskOutcome.FAILED && TestDatabase.suiteParallelism() > 1) {
                return;
            }
        }
    }

    private static void assertTables(PlannedTask expected, TaskResult actual, String where) {
        if (expected.tablesAsLastRun()) {
            return; // names of its last run: its body, which the plan did not run, may name them otherwise
        }
        if (actual.outcome() == TaskOutcome.CACHE_VALID) {
            assertEquals(expected.keptTables(), actual.tables(), () -> "tables kept by " + where);
            return;
        }
        assertEquals(expected.keptTables(), named(actual, MaterializedTable.Outcome.CACHE_VALID),
                () -> "tables kept by " + where);
        assertEquals(expected.rebuiltTables(), named(actual, MaterializedTable.Outcome.WRITTEN),
                () -> "tables rebuilt by " + where);
    }

    private static List<String> named(TaskResult task, MaterializedTable.Outcome outcome) {
        return task.materializations().stream().filter(table -> table.outcome() == outcome)
                .map(MaterializedTable::name).toList();
    }

    private static List<String> names(List<PlannedTask> tasks) {
        List<String> names = new ArrayList<>();
        tasks.forEach(task -> names.add(task.stage() + "." + task.task()));
        return names;
    }
}
