package dev.dag.it.reach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;

/**
 * A test run replaces a task's output by given rows or a table ({@code RunOptions.withOverride}, pipedag's
 * {@code flow.run(inputs=...)}): the task does not run, its consumers read the override, and nothing of the run is
 * published or cached, so the next normal run decides as if the test run had not happened.
 */
class TestOverridesIT {
    record Order(Integer id, String region, Integer qty) {
    }

    record Region(String region, Long orders) {
    }

    static final AtomicInteger ORDERS_RUNS = new AtomicInteger();
    static final AtomicInteger BIG_RUNS = new AtomicInteger();

    @Materialize(version = "1")
    static Table orders() {
        ORDERS_RUNS.incrementAndGet();
        return Table.of(List.of(new Order(1, "North", 3), new Order(2, "South", 8), new Order(3, "North", 9)));
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders) {
        BIG_RUNS.incrementAndGet();
        return Table.of("SELECT id, region, qty FROM " + orders.ref() + " WHERE qty > 5");
    }

    @Materialize(lazy = true)
    static Table regions(Table big) {
        return Table.of("SELECT region, COUNT(*) AS orders FROM " + big.ref() + " GROUP BY region");
    }

    @Materialize(version = "1")
    static Blob settings() {
        return Blob.of(Map.of("minQty", 5));
    }

    @BeforeEach
    void reset() {
        ORDERS_RUNS.set(0);
        BIG_RUNS.set(0);
    }

    private static Flow flow() {
        Flow flow = new Flow("overrides");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
                settings();
            }
            try (Stage clean = new Stage("clean")) {
                regions(bigOrders(orders));
            }
        }
        return flow;
    }

    private static TaskOutcome outcome(Result result, String task) {
        return result.task(task).orElseThrow().outcome();
    }

    private static List<Order> big(Result result, Flow flow) {
        return result.rows(flow.task("bigOrders").output(), Order.class);
    }

    @OnEachDatabase
    void consumersReadTheGivenRowsAndTheNextNormalRunKeepsThePublishedVersion(TestDatabase db) {
        Flow flow = flow();
        PlanAgreement.runAsPlanned(db, flow, options -> options);
        List<List<Object>> publishedBig = db.published("clean", "bigOrders");
        assertEquals(2, publishedBig.size());

        List<Order> given = List.of(new Order(7, "East", 50), new Order(8, "East", 1), new Order(9, "West", 60));
        Plan plan = flow.plan(db.options().withOverride("orders", given));
        assertEquals(PlannedTask.Decision.OVERRIDE, plan.tasks().get(0).decision(), plan.summary());
        Result test = PlanAgreement.runAsPlanned(db, flow, options -> options.withOverride("orders", given));
        assertEquals(TaskOutcome.OVERRIDDEN, outcome(test, "orders"), test.summary());
        assertTrue(test.task("orders").orElseThrow().reason().contains("overridden by RunOptions.withOverride: 3 "
                + "given rows"), test.summary());
        assertEquals(TaskOutcome.CACHE_VALID, outcome(test, "settings"), "a task that does not read it: " + test.summary());
        assertEquals(TaskOutcome.RAN, outcome(test, "bigOrders"), test.summary());
        assertEquals(TaskOutcome.RAN, outcome(test, "regions"), "a lazy consumer rebuilds: " + test.summary());
        assertEquals(1, ORDERS_RUNS.get(), "the overridden body did not run again");
        assertEquals(List.of(new Order(7, "East", 50), new Order(9, "West", 60)), big(test, flow));
        assertEquals(List.of(new Region("East", 1L), new Region("West", 1L)),
                test.rows(flow.task("regions").output(), Region.class).stream()
                        .sorted((a, b) -> a.region().compareTo(b.region())).toList());
        assertEquals(publishedBig, db.published("clean", "bigOrders"), "the test run published nothing");

        Result normal = PlanAgreement.runAsPlanned(db, flow, options -> options);
        assertEquals(TaskOutcome.CACHE_VALID, outcome(normal, "orders"), normal.summary());
        assertEquals(TaskOutcome.CACHE_VALID, outcome(normal, "bigOrders"),
                "the published version is still valid for the real input: " + normal.summary());
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, outcome(normal, "regions"), normal.summary());
        assertEquals(List.of(new Order(2, "South", 8), new Order(3, "North", 9)), big(normal, flow));
        assertEquals(1, ORDERS_RUNS.get());
        assertEquals(2, BIG_RUNS.get(), "the first run and the test run");
    }

    @OnEachDatabase
    void aTestRunOnAnEmptyInstanceLeavesNothingANormalRunTakes(TestDatabase db) {
        Flow flow = flow();
        Result test = PlanAgreement.runAsPlanned(db, flow, options -> options.withOverride("raw.orders",
                List.of(new Order(1, "East", 10))));
        assertEquals(TaskOutcome.OVERRIDDEN, outcome(test, "orders"), test.summary());
        assertEquals(TaskOutcome.RAN, outcome(test, "settings"), test.summary());
        assertFalse(db.viewExists("clean", "bigOrders"), "no stage was published");
        assertFalse(db.viewExists("raw", "orders"), "no stage was published");

        Result normal = PlanAgreement.runAsPlanned(db, flow, options -> options);
        for (String task : List.of("orders", "settings", "bigOrders", "regions")) {
            assertEquals(TaskOutcome.RAN, outcome(normal, task), "nothing of the test run is cached: "
                    + normal.summary());
        }
        assertEquals(List.of(new Order(2, "South", 8), new Order(3, "North", 9)), big(normal, flow));
        assertEquals(2, db.published("clean", "bigOrders").size());
    }

    @OnEachDatabase
    void anExistingTableOverridesAndAChangedOverrideRerunsItsConsumers(TestDatabase db) {
        db.execute("CREATE SCHEMA " + db.schema("fixtures"),
                "CREATE TABLE " + db.schema("fixtures") + ".orders (id INTEGER, region VARCHAR(20), qty INTEGER)",
                "INSERT INTO " + db.schema("fixtures") + ".orders VALUES (1, 'East', 6), (2, 'West', 2)");
        TableRef fixture = TableRef.of(db.schema("fixtures"), "orders");
        Flow flow = flow();
        Result fromTable = PlanAgreement.runAsPlanned(db, flow, options -> options.withOverride("orders", fixture));
        assertEquals(TaskOutcome.OVERRIDDEN, outcome(fromTable, "orders"), fromTable.summary());
        assertTrue(fromTable.task("orders").orElseThrow().reason().contains("a copy of " + fixture),
                fromTable.summary());
        assertEquals(List.of(new Order(1, "East", 6)), big(fromTable, flow));

        db.execute("UPDATE " + db.schema("fixtures") + ".orders SET qty = 9 WHERE id = 2");
        Result changed = PlanAgreement.runAsPlanned(db, flow, options -> options.withOverride("orders", fixture));
        assertEquals(TaskOutcome.RAN, outcome(changed, "bigOrders"), changed.summary());
        assertEquals(List.of(new Order(1, "East", 6), new Order(2, "West", 9)), big(changed, flow));

        Result rows = PlanAgreement.runAsPlanned(db, flow, options -> options.withOverride("orders",
                List.of(Map.of("id", 5, "region", "North", "qty", 7))));
        assertEquals(List.of(new Order(5, "North", 7)), big(rows, flow), "rows given as maps");
        assertEquals(0, ORDERS_RUNS.get(), "the overridden body never ran");
    }

    @OnEachDatabase
    void badOverridesAreRefusedNamingTaskStageAndTheFix(TestDatabase db) {
        Flow flow = flow();
        DefinitionException unknown = assertThrows(DefinitionException.class, () -> flow.run(db.options()
                .withOverride("order", List.of(new Order(1, "East", 1)))));
        assertTrue(unknown.getMessage().startsWith("RunOptions.withOverride names task 'order', which flow "
                + "'overrides' does not call. Its tasks: [raw.orders, raw.settings, clean.bigOrders, clean.regions]."),
                unknown.getMessage());
        assertThrows(DefinitionException.class, () -> flow.plan(db.options().withOverride("clean.orders",
                List.of(new Order(1, "East", 1)))), "the stage must call it");

        DefinitionException blob = assertThrows(DefinitionException.class, () -> flow.run(db.options()
                .withOverride("settings", List.of(new Order(1, "East", 1)))));
        assertTrue(blob.getMessage().contains("task 'settings' in stage 'raw', whose output is a Blob, not one Table"),
                blob.getMessage());

        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> db.options().withOverride("orders", List.of()));
        assertTrue(empty.getMessage().contains("Table.of(\"SELECT ... WHERE false\")"), empty.getMessage());
        assertTrue(db.untouched(), "refused before anything was written");

        record Odd(Integer id, Thread thread) {
        }
        DefinitionException misfit = assertThrows(DefinitionException.class, () -> db.run(flow, options -> options
                .withOverride("orders", List.of(new Odd(1, Thread.currentThread())))));
        assertTrue(misfit.getMessage().startsWith("The override of task 'orders' in stage 'raw' "
                + "(RunOptions.withOverride) cannot be its output: "), misfit.getMessage());
        assertTrue(misfit.getMessage().contains("thread"), misfit.getMessage());
        assertEquals("orders", misfit.task().orElseThrow());
        assertEquals("raw", misfit.stage().orElseThrow());
    }
}
