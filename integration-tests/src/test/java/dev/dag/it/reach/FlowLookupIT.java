package dev.dag.it.reach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.Task;
import dev.dag.TaskCall;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Stages, tasks and calls of a defined flow found by name (pipedag's get_stage and get_task). */
class FlowLookupIT {
    record Order(int id, int qty) {
    }

    @Materialize(version = "1")
    static Table orders(int count) {
        return Table.of(IntStream.range(0, count).mapToObj(i -> new Order(i, i % 4)).toList()).name("orders");
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders, int minQty) {
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + minQty).name("big_orders_" + minQty);
    }

    @Materialize(version = "1")
    static Table counted(Table orders) {
        return Table.of("SELECT count(*) AS n FROM " + orders.ref()).name("counted");
    }

    /** Outputs as the definition returned them, to compare with what the lookups find. */
    private Table orders;
    private Table bigFromTwo;

    private Flow flow(int count) {
        Flow flow = new Flow("lookup");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                orders = orders(count);
            }
            try (Stage clean = new Stage("clean")) {
                bigOrders(orders, 3);
                bigFromTwo = bigOrders(orders, 2);
                counted(orders);
            }
            try (Stage marts = new Stage("marts")) {
                counted(bigFromTwo);
            }
        }
        return flow;
    }

    @Test
    void stagesTasksAndCallsAreFoundByName() {
        Flow flow = flow(8);

        assertEquals("clean", flow.stage("CLEAN").name(), "stage names are not case-sensitive");
        assertEquals(List.of("bigOrders", "counted"), flow.stage("clean").tasks().stream().map(Task::name).toList());
        assertEquals(List.of("raw.orders", "clean.bigOrders", "clean.counted", "marts.counted"),
                flow.tasks().stream().map(task -> task.stage() + "." + task.name()).toList());
        assertSame(orders, flow.task("orders").output(), "the placeholder the definition returned");

        List<TaskCall> calls = flow.stage("clean").task("bigOrders").calls();
        assertEquals(List.of(0, 1), calls.stream().map(TaskCall::index).toList());
        assertSame(bigFromTwo, calls.get(1).output());
        assertEquals(List.of(flow.task("orders").calls().get(0)), calls.get(1).inputs());
        assertEquals(List.of(calls.get(1)), flow.stage("marts").task("counted").calls().get(0).inputs());
    }

    @Test
    void unknownAndAmbiguousNamesSayWhatThereIs() {
        Flow flow = flow(8);

        DefinitionException noStage = assertThrows(DefinitionException.class, () -> flow.stage("gold"));
        assertTrue(noStage.getMessage().contains("no stage 'gold'. Its stages: [raw, clean, marts]"),
                noStage.getMessage());
        DefinitionException noTask = assertThrows(DefinitionException.class, () -> flow.stage("raw").task("load"));
        assertTrue(noTask.getMessage().contains("Stage 'raw' has no task 'load'. Its tasks: [orders]"),
                noTask.getMessage());
        DefinitionException twoStages = assertThrows(DefinitionException.class, () -> flow.task("counted"));
        assertTrue(twoStages.getMessage().contains("flow.stage(\"clean\").task(\"counted\")"), twoStages.getMessage());
        DefinitionException twoCalls = assertThrows(DefinitionException.class,
                () -> flow.stage("clean").task("bigOrders").output());
        assertTrue(twoCalls.getMessage().contains("called 2 times in stage 'clean'"), twoCalls.getMessage());
        assertEquals(FlowLookupIT.class.getName(), twoCalls.getStackTrace()[0].getClassName(),
                "the error points at the line that asked");
    }

    @OnEachDatabase
    void outputsFoundByNameAreTheOnesTheRunWrote(TestDatabase db) {
        Flow first = flow(8);
        Result ran = db.run(first);
        Object big = first.stage("clean").task("bigOrders").calls().get(1).output();
        assertEquals(4, ran.rows(big, Map.class).size(), "qty 2 and 3 of 8 orders");

        Flow same = flow(8);
        PlanAgreement.assertAgrees(same.plan(db.options()), db.run(same));
        assertEquals(PlannedTask.Decision.CACHE_VALID,
                same.plan(db.options()).task(same.task("orders").name()).orElseThrow().decision());

        Flow changed = flow(12);
        var plan = changed.plan(db.options());
        Result rerun = db.run(changed);
        PlanAgreement.assertAgrees(plan, rerun);
        assertEquals(TaskOutcome.RAN, rerun.task("bigOrders").orElseThrow().outcome(), rerun.summary());
        Object counted = changed.stage("marts").task("counted").output();
        assertEquals(6L, ((Number) rerun.rows(counted, Map.class).get(0).get("n")).longValue());
    }
}
