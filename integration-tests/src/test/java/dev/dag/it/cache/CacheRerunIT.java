package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.LAZY_CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** Reruns of a small shop flow after one change: unchanged, a constant argument, a version, no version, the task object. */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheRerunIT {
    record Order(String id, int qty) {}

    record Total(int n, int qty) {}

    static final List<Order> ORDERS = List.of(new Order("a", 1), new Order("b", 4), new Order("c", 6));
    static final List<String> TABLES = List.of("orders", "big_orders", "total", "order_count", "shipped");

    @Materialize(name = "orders", version = "1")
    static Table ordersV1() {
        Bodies.ran("orders");
        return Table.of(ORDERS).name("orders");
    }

    @Materialize(name = "orders", version = "2")
    static Table ordersV2() {
        Bodies.ran("orders");
        return Table.of(List.of(new Order("a", 10), new Order("b", 4))).name("orders");
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders, int minQty) {
        Bodies.ran("bigOrders");
        return Table.of("SELECT id, qty FROM " + orders.ref() + " WHERE qty >= " + minQty).name("big_orders");
    }

    @Materialize(version = "1")
    static Table total(Table bigOrders) {
        Bodies.ran("total");
        return Table.of("SELECT count(*)::INTEGER AS n, coalesce(sum(qty), 0)::INTEGER AS qty FROM " + bigOrders.ref())
                .name("total");
    }

    @Materialize(version = "1")
    static Table orderCount(Table orders) {
        Bodies.ran("orderCount");
        return Table.of("SELECT count(*)::INTEGER AS n, sum(qty)::INTEGER AS qty FROM " + orders.ref())
                .name("order_count");
    }

    @Materialize(lazy = true)
    static Table shipped(Table orders) {
        Bodies.ran("shipped");
        return Table.of("SELECT id, qty FROM " + orders.ref() + " WHERE qty > 0").name("shipped");
    }

    /** Without a version: runs every time. */
    @Materialize
    static Table stamp() {
        Bodies.ran("stamp");
        return Table.of("SELECT 7 AS n").name("stamp");
    }

    @Materialize(version = "1")
    static Table stampCopy(Table stamp) {
        Bodies.ran("stampCopy");
        return Table.of("SELECT n FROM " + stamp.ref()).name("stamp_copy");
    }

    @Materialize(lazy = true)
    static Table stampView(Table stamp) {
        Bodies.ran("stampView");
        return Table.of("SELECT n + 1 AS n FROM " + stamp.ref()).name("stamp_view");
    }

    /** A task object: its Jackson state (here the record component {@code min}) is part of the cache key. */
    record Threshold(int min) {
        @Materialize(version = "1")
        Table atLeast(Table orders) {
            Bodies.ran("atLeast");
            return Table.of("SELECT id, qty FROM " + orders.ref() + " WHERE qty >= " + min).name("at_least");
        }
    }

    private Flow flow;
    private Table bigOrders;
    private Table total;
    private Table orderCount;

    @BeforeEach
    void defineDefault() {
        define(3, false);
    }

    /** raw: orders; clean: big_orders(minQty) → total, order_count, shipped (lazy). */
    private void define(int minQty, boolean ordersV2) {
        Flow shop = new Flow("shop");
        try (shop) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = ordersV2 ? ordersV2() : ordersV1();
            }
            try (Stage clean = new Stage("clean")) {
                bigOrders = bigOrders(orders, minQty);
                total = total(bigOrders);
                orderCount = orderCount(orders);
                shipped(orders);
            }
        }
        flow = shop;
    }

    private static Map<String, String> views(TestDatabase db) {
        Map<String, String> views = new TreeMap<>();
        views.put("orders", db.viewSql("raw", "orders"));
        TABLES.subList(1, TABLES.size()).forEach(table -> views.put(table, db.viewSql("clean", table)));
        return views;
    }

    @OnEachDatabase
    void firstRunRunsEveryTaskWithNoCacheEntry(TestDatabase db) {
        Result first = db.run(flow);

        assertExecuted("orders", "bigOrders", "total", "orderCount", "shipped");
        for (String task : List.of("orders", "bigOrders", "total", "orderCount")) {
            assertOutcome(first, task, RAN, "no cache entry: first run in this stage");
        }
        assertOutcome(first, "shipped", RAN, "lazy: new table 'shipped'");
        assertEquals(List.of(new Order("b", 4), new Order("c", 6)), first.rows(bigOrders, Order.class));
        assertEquals(List.of(new Total(2, 10)), first.rows(total, Total.class));
    }

    @OnEachDatabase
    void unchangedRerunExecutesNoNonLazyBodyAndRebuildsNothing(TestDatabase db) {
        firstRun(db, flow);
        Map<String, String> before = views(db);

        Result second = db.run(flow);

        assertExecuted("shipped");
        for (String task : List.of("orders", "bigOrders", "total", "orderCount")) {
            assertOutcome(second, task, CACHE_VALID, "cache-valid");
        }
        assertOutcome(second, "shipped", LAZY_CACHE_VALID, "every table unchanged, none rebuilt");
        second.tasks().forEach(task -> assertEquals(0, task.rowsWritten(), () -> task.task() + " wrote rows"));
        assertEquals(before, views(db), "every view still shows the same physical table");
        assertEquals(List.of(new Total(2, 10)), second.rows(total, Total.class));
        assertRows(List.of(List.of("a", 1), List.of("b", 4), List.of("c", 6)), db.published("clean", "shipped"));
    }

    @OnEachDatabase
    void changedConstantArgumentRerunsTheTaskAndItsConsumersOnly(TestDatabase db) {
        firstRun(db, flow);
        Map<String, String> before = views(db);
        define(5, false);

        Result second = db.run(flow);

        assertExecuted("bigOrders", "total", "shipped");
        assertOutcome(second, "bigOrders", RAN, "constant argument 'minQty' changed (3 → 5)");
        assertOutcome(second, "total", RAN, "input 'bigOrders' changed");
        assertOutcome(second, "orders", CACHE_VALID, "cache-valid");
        assertOutcome(second, "orderCount", CACHE_VALID, "cache-valid");
        assertOutcome(second, "shipped", LAZY_CACHE_VALID, "none rebuilt");
        Map<String, String> after = views(db);
        for (String unchanged : List.of("orders", "order_count", "shipped")) {
            assertEquals(before.get(unchanged), after.get(unchanged), unchanged + " kept its physical table");
        }
        for (String rebuilt : List.of("big_orders", "total")) {
            assertNotEquals(before.get(rebuilt), after.get(rebuilt), rebuilt + " got a new physical table");
        }
        assertEquals(List.of(new Order("c", 6)), second.rows(bigOrders, Order.class));
        assertEquals(List.of(new Total(1, 6)), second.rows(total, Total.class));
        assertEquals(List.of(new Total(3, 11)), second.rows(orderCount, Total.class));

        define(3, false);
        Result back = db.run(flow);
        assertExecuted("bigOrders", "total", "shipped");
        assertOutcome(back, "bigOrders", RAN, "constant argument 'minQty' changed (5 → 3)");
        assertEquals(List.of(new Total(2, 10)), back.rows(total, Total.class));
    }

    @OnEachDatabase
    void versionBumpOfATableProducerRerunsItsConsumers(TestDatabase db) {
        firstRun(db, flow);
        String shippedBefore = db.viewSql("clean", "shipped");
        define(3, true);

        Result second = db.run(flow);

        assertExecuted("orders", "bigOrders", "total", "orderCount", "shipped");
        assertOutcome(second, "orders", RAN, "version changed (1 → 2)");
        assertOutcome(second, "bigOrders", RAN, "input 'orders' changed");
        assertOutcome(second, "total", RAN, "input 'bigOrders' changed");
        assertOutcome(second, "orderCount", RAN, "input 'orders' changed");
        assertOutcome(second, "shipped", RAN, "SQL changed");
        assertNotEquals(shippedBefore, db.viewSql("clean", "shipped"),
                "the lazy table over the new orders was rebuilt");
        assertEquals(List.of(new Total(2, 14)), second.rows(total, Total.class));
        assertRows(List.of(List.of("a", 10), List.of("b", 4)), db.published("clean", "shipped"));

        Result third = db.run(flow);
        assertExecuted("shipped");
        assertOutcome(third, "orders", CACHE_VALID, "cache-valid");
        assertOutcome(third, "total", CACHE_VALID, "cache-valid");

        define(3, false);
        Result back = db.run(flow);
        assertExecuted("orders", "bigOrders", "total", "orderCount", "shipped");
        assertOutcome(back, "orders", RAN, "version changed (2 → 1)");
        assertEquals(List.of(new Total(2, 10)), back.rows(total, Total.class));
    }

    @OnEachDatabase
    void taskWithoutVersionAlwaysRunsAndMakesItsConsumersRerun(TestDatabase db) {
        Flow stamps = new Flow("stamps");
        Table copy;
        try (stamps) {
            Table stamp;
            try (Stage raw = new Stage("raw")) {
                stamp = stamp();
            }
            try (Stage clean = new Stage("clean")) {
                copy = stampCopy(stamp);
                stampView(stamp);
            }
        }
        firstRun(db, stamps);
        String stampBefore = db.viewSql("raw", "stamp");
        String viewBefore = db.viewSql("clean", "stamp_view");

        Result second = db.run(stamps);

        assertExecuted("stamp", "stampCopy", "stampView");
        assertOutcome(second, "stamp", RAN, "no version");
        assertOutcome(second, "stampCopy", RAN, "input 'stamp' changed");
        assertOutcome(second, "stampView", RAN, "SQL changed");
        assertNotEquals(stampBefore, db.viewSql("raw", "stamp"), "a task without version writes a new table");
        assertNotEquals(viewBefore, db.viewSql("clean", "stamp_view"), "its lazy consumer rebuilt its table");
        assertEquals(List.of(Map.of("n", 7)), second.rows(copy, Map.class));
        assertRows(List.of(List.of(8)), db.published("clean", "stamp_view"));
    }

    @OnEachDatabase
    void instanceTaskRerunsWhenItsObjectChanges(TestDatabase db) {
        Flow first = thresholdFlow(3);
        firstRun(db, first);

        Result unchanged = db.run(thresholdFlow(3));
        assertExecuted();
        assertOutcome(unchanged, "atLeast", CACHE_VALID, "cache-valid");

        Result changed = db.run(thresholdFlow(5));
        assertExecuted("atLeast");
        assertOutcome(changed, "atLeast", RAN, "task object changed");
        assertRows(List.of(List.of("c", 6)), db.published("clean", "at_least"));
    }

    private Flow thresholdFlow(int min) {
        Flow thresholds = new Flow("thresholds");
        try (thresholds) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = ordersV1();
            }
            try (Stage clean = new Stage("clean")) {
                new Threshold(min).atLeast(orders);
            }
        }
        return thresholds;
    }

    @OnEachDatabase
    void reasonsAreStoredInTheTaskRunsTableByRunId(TestDatabase db) {
        Result first = db.run(flow);
        define(5, false);
        Result second = db.run(flow);

        for (Result result : List.of(first, second)) {
            List<String> expected = result.tasks().stream()
                    .map(task -> task.stage() + "." + task.task() + " " + task.outcome() + ": " + task.reason())
                    .sorted().toList();
            assertEquals(expected, db.recordedTaskRuns(result.runId()), "dag_meta.task_runs of run " + result.runId());
        }
        assertEquals(List.of(
                        "clean.bigOrders RAN: constant argument 'minQty' changed (3 → 5)",
                        "clean.orderCount CACHE_VALID: cache-valid",
                        "clean.shipped LAZY_CACHE_VALID: lazy: every table unchanged, none rebuilt",
                        "clean.total RAN: input 'bigOrders' changed",
                        "raw.orders CACHE_VALID: cache-valid"),
                db.recordedTaskRuns(second.runId()));
    }
}
