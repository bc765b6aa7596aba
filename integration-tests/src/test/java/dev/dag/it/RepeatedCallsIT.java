package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Blob;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;

/**
 * A task called several times in one stage of a flow: identical calls are one call (one execution, one output);
 * calls with other arguments name the tables they give no name after the task and a short hash of the call.
 */
class RepeatedCallsIT {
    static final AtomicInteger countBodies = new AtomicInteger();
    static final AtomicReference<Object> seen = new AtomicReference<>();

    @BeforeEach
    void reset() {
        countBodies.set(0);
        seen.set(null);
    }

    @Materialize(version = "1")
    static Table count(int n) {
        countBodies.incrementAndGet();
        return Table.of("SELECT " + n + " AS n");
    }

    @Materialize(version = "1")
    static Table fixedName(int n, String label) {
        return Table.of("SELECT " + n + " AS n").name("fixed");
    }

    @Materialize(version = "1")
    static Blob settings(int n) {
        return Blob.of(Map.of("n", n)).name("settings");
    }

    @Materialize(version = "1", inputType = Map.class)
    static void sum(List<Table> tables) {
        int sum = 0;
        for (Table table : tables) {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> rows = (List<Map<String, Object>>) table.obj();
            sum += ((Number) rows.get(0).get("n")).intValue();
        }
        seen.set(sum);
    }

    private static List<Table> calls;

    private static Flow countsThenSum(int... numbers) {
        calls = new ArrayList<>();
        return Flows.oneStage("repeated", "s", () -> {
            for (int n : numbers) {
                calls.add(count(n));
            }
            sum(calls);
        });
    }

    @OnEachDatabase
    void identicalCallsInOneStageAreOneCallWithOneOutput(TestDatabase db) {
        Flow flow = countsThenSum(1, 1);
        assertSame(calls.get(0), calls.get(1), "the second identical call hands back the first call's table");

        Result result = db.run(flow);

        assertEquals(1, countBodies.get(), "one execution");
        assertEquals(2, seen.get(), "sum read the one table twice");
        assertEquals(1, result.tasks().stream().filter(task -> task.task().equals("count")).count(),
                result::summary);
        assertEquals(List.of(List.of(1)), db.published("s", "count"), "one output, under the task's name");
        assertEquals(1, ((Number) result.rows(calls.get(1), Map.class).get(0).get("n")).intValue());
    }

    @OnEachDatabase
    void callsWithOtherArgumentsGetTablesNamedAfterTheTaskAndAHashOfTheCall(TestDatabase db) {
        Result first = db.run(countsThenSum(1, 2, 3));

        assertEquals(6, seen.get());
        List<String> names = first.tasks().stream().filter(task -> task.task().equals("count"))
                .map(task -> task.tables().get(0)).toList();
        assertEquals(3, names.size(), first::summary);
        names.forEach(name -> assertTrue(name.matches("count_[0-9a-f]{8}"), name));
        assertEquals(3, names.stream().distinct().count(), names.toString());
        assertEquals(3, ((Number) first.rows(calls.get(2), Map.class).get(0).get("n")).intValue());

        Plan plan = countsThenSum(3, 2, 1).plan(db.options());
        assertEquals(List.of("sum"), plan.tasks(PlannedTask.Decision.RUN).stream().map(PlannedTask::task).toList(),
                plan::summary);
        Result reordered = db.run(countsThenSum(3, 2, 1));
        assertTrue(reordered.tasks().stream().filter(task -> task.task().equals("count"))
                .allMatch(task -> task.outcome() == TaskOutcome.CACHE_VALID), reordered::summary);
        List<String> again = reordered.tasks().stream().filter(task -> task.task().equals("count"))
                .map(task -> task.tables().get(0)).toList();
        assertEquals(List.of(names.get(2), names.get(1), names.get(0)), again, "a call's name does not depend on "
                + "its place among the calls");
        assertEquals(List.of(List.of(2)), db.published("s", names.get(1)));
    }

    @OnEachDatabase
    void aSecondCallWithOtherArgumentsRenamesTheFirstCallsTableAndSaysSo(TestDatabase db) {
        db.run(countsThenSum(1));
        assertEquals(List.of(List.of(1)), db.published("s", "count"));

        Result result = db.run(countsThenSum(1, 2));

        TaskResult firstCall = result.tasks().stream().filter(task -> task.task().equals("count")).findFirst()
                .orElseThrow();
        assertEquals(TaskOutcome.RAN, firstCall.outcome());
        assertTrue(firstCall.reason().contains("count_"), firstCall.reason());
        assertEquals(3, seen.get());
    }

    /** Whether the refusal names n as the argument that differs (the calls may run in either order at once). */
    private static boolean differsInN(DagException error) {
        return error.getMessage().contains("(n: 1 → 2)") || error.getMessage().contains("(n: 2 → 1)");
    }

    @OnEachDatabase
    void aNamedTableOfCallsWithOtherArgumentsIsRefusedNamingTheArgumentsThatDiffer(TestDatabase db) {
        Flow flow = Flows.oneStage("repeated", "s", () -> {
            fixedName(1, "same");
            fixedName(2, "same");
        });

        DagException error = assertThrows(DagException.class, () -> db.run(flow));

        assertTrue(error.getMessage().contains("Table 'fixed' is written twice"), error.getMessage());
        assertTrue(differsInN(error), error.getMessage());
        assertTrue(!error.getMessage().contains("label"), "label is the same in both calls: " + error.getMessage());
    }

    @OnEachDatabase
    void aNamedBlobOfCallsWithOtherArgumentsIsRefusedAsABlob(TestDatabase db) {
        Flow flow = Flows.oneStage("repeated", "s", () -> {
            settings(1);
            settings(2);
        });

        DagException error = assertThrows(DagException.class, () -> db.run(flow));

        assertTrue(error.getMessage().contains("Blob 'settings' is written twice"), error.getMessage());
        assertTrue(differsInN(error), error.getMessage());
    }
}
