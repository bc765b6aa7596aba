package dev.dag.it.reach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.StoredOutputs;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** Committed outputs read outside a run, without running anything (pipedag's get_output_from_store). */
class StoredOutputsIT {
    record Order(int id, int qty) {
    }

    @Materialize(version = "1")
    static Table orders(int count) {
        return Table.of(IntStream.range(0, count).mapToObj(i -> new Order(i, i % 4)).toList()).name("orders");
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders) {
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= 2").name("big_orders");
    }

    @Materialize(lazy = true)
    static Table counted(Table bigOrders) {
        return Table.of("SELECT count(*) AS n FROM " + bigOrders.ref()).name("counted");
    }

    @Materialize(version = "1")
    static Blob limits(int count) {
        return Blob.of(Map.of("max", count)).name("limits");
    }

    @Materialize
    static Table unversioned(Table orders) {
        return Table.of("SELECT * FROM " + orders.ref()).name("unversioned");
    }

    private static Flow flow(int count) {
        Flow flow = new Flow("stored");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders(count);
                limits(count);
            }
            try (Stage clean = new Stage("clean")) {
                counted(bigOrders(orders));
                unversioned(orders);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void beforeAnyRunThereIsNoOutputAndNothingIsWritten(TestDatabase db) {
        Flow flow = flow(8);
        StoredOutputs stored = flow.outputsFromStore(db.options());

        DefinitionException none = assertThrows(DefinitionException.class,
                () -> stored.rows(flow.task("bigOrders"), Order.class));
        assertTrue(none.getMessage().contains("Task 'bigOrders' of stage 'clean' has no committed output in instance"),
                none.getMessage());
        assertTrue(none.getMessage().endsWith("Run the flow first."), none.getMessage());
        assertEquals(StoredOutputsIT.class.getName(), none.getStackTrace()[0].getClassName());
        assertTrue(db.untouched(), "reading outputs wrote nothing");
    }

    @OnEachDatabase
    void committedOutputsAreReadWithoutRunningAndFollowTheDefinition(TestDatabase db) {
        db.run(flow(8));

        Flow same = flow(8);
        StoredOutputs stored = same.outputsFromStore(db.options());
        assertEquals(List.of(new Order(2, 2), new Order(3, 3), new Order(6, 2), new Order(7, 3)),
                stored.rows(same.task("bigOrders"), Order.class).stream()
                        .sorted(java.util.Comparator.comparingInt(Order::id)).toList());
        assertEquals(4L, ((Number) stored.rows(same.task("counted"), Map.class).get(0).get("n")).longValue(),
                "a lazy task's unchanged table");
        assertEquals(Map.of("max", 8), stored.get(same.task("limits"), Map.class));
        TableRef physical = stored.get(same.task("bigOrders"), TableRef.class);
        assertTrue(physical.toString().contains("dag_data"), "the physical table: " + physical);

        Result rerun = db.run(same);
        PlanAgreement.assertAgrees(stored.plan(), rerun);
        assertEquals(physical, same.outputsFromStore(db.options()).get(same.task("bigOrders"), TableRef.class),
                "a cache-valid rerun carried the table over, not copied it");

        DefinitionException unversioned = assertThrows(DefinitionException.class,
                () -> stored.rows(same.task("unversioned"), Map.class));
        assertTrue(unversioned.getMessage().contains("(no version: runs every time)"), unversioned.getMessage());

        Flow changed = flow(12);
        StoredOutputs outdated = changed.outputsFromStore(db.options());
        DefinitionException stale = assertThrows(DefinitionException.class,
                () -> outdated.rows(changed.task("bigOrders"), Order.class));
        assertTrue(stale.getMessage().contains("The committed output of task 'bigOrders' of stage 'clean' is not what "
                + "flow 'stored' as defined now would produce"), stale.getMessage());
        assertTrue(stale.getMessage().contains("input"), stale.getMessage());
        assertTrue(assertThrows(DefinitionException.class, () -> outdated.get(changed.task("orders"), TableRef.class))
                .getMessage().contains("constant argument 'count' changed (8 → 12)"));

        PlanAgreement.assertAgrees(outdated.plan(), db.run(changed));
        assertEquals(6, changed.outputsFromStore(db.options()).rows(changed.task("bigOrders"), Order.class).size());
    }

    @OnEachDatabase
    void anOutputOfAnotherFlowIsRefused(TestDatabase db) {
        Flow one = flow(8);
        Flow other = flow(8);
        DefinitionException refused = assertThrows(DefinitionException.class,
                () -> one.outputsFromStore(db.options()).rows(other.task("orders"), Map.class));
        assertTrue(refused.getMessage().contains("reads an output of that flow"), refused.getMessage());
    }
}
