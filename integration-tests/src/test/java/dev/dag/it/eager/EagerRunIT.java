package dev.dag.it.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskFailedException;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Existing ETL code calls its steps one after another: inside {@code RunContext.open} each call runs at once,
 * with the same tables and the same caching as the same pipeline written as a flow.
 */
class EagerRunIT {
    static final Map<String, AtomicInteger> BODIES = new ConcurrentHashMap<>();
    static volatile int minQty;
    static volatile boolean failMarts;

    record Order(int id, int qty) {
    }

    @Materialize(version = "1")
    static Table orders() {
        count("orders");
        return Table.of("SELECT i AS id, i % 10 AS qty FROM generate_series(1, 100) AS s(i)").name("orders");
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders, int min) {
        count("bigOrders");
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + min).name("big_orders");
    }

    @Materialize(version = "1", inputType = Order.class, stage = "marts")
    static Table totals(Table big) {
        count("totals");
        if (failMarts) {
            throw new IllegalStateException("marts broke");
        }
        @SuppressWarnings("unchecked")
        List<Order> rows = (List<Order>) big.obj();
        return Table.of(List.of(Map.of("n", rows.size(), "qty", rows.stream().mapToInt(Order::qty).sum())))
                .name("totals");
    }

    private static void count(String task) {
        BODIES.computeIfAbsent(task, k -> new AtomicInteger()).incrementAndGet();
    }

    private static int executed(String task) {
        AtomicInteger count = BODIES.get(task);
        return count == null ? 0 : count.get();
    }

    private static Result eagerly(TestDatabase db) {
        RunContext run = RunContext.open(db.config(), "orders_eager");
        try (run) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            Table big;
            try (Stage clean = new Stage("clean")) {
                big = bigOrders(orders, minQty);
            }
            totals(big); // stage "marts" from the annotation, committed when the run closes
        }
        return run.result();
    }

    private static Result asFlow(TestDatabase db) {
        Flow flow = new Flow("orders_flow");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            Table big;
            try (Stage clean = new Stage("clean")) {
                big = bigOrders(orders, minQty);
            }
            try (Stage marts = new Stage("marts")) {
                totals(big);
            }
        }
        return flow.run(RunOptions.of(db.config()));
    }

    private static void reset() {
        BODIES.clear();
        minQty = 5;
        failMarts = false;
    }

    @OnEachDatabase
    void eagerCallsRunAtOnceAndRerunsAreCacheValid(TestDatabase db) {
        reset();
        Result first = eagerly(db);
        assertTrue(first.successful());
        assertEquals(1, executed("orders"));
        assertEquals(1, executed("totals"));
        List<Map<String, Object>> totals = db.query("SELECT * FROM " + db.table("marts", "totals"));
        assertEquals(50L, ((Number) totals.get(0).get("n")).longValue());

        Result second = eagerly(db);

        assertEquals(1, executed("orders"), "cache-valid: the body did not run again");
        assertEquals(1, executed("bigOrders"));
        assertEquals(1, executed("totals"));
        second.tasks().forEach(task -> assertEquals(TaskOutcome.CACHE_VALID, task.outcome(), task.toString()));
    }

    @OnEachDatabase
    void aChangedArgumentRerunsTheStepAndItsConsumersOnly(TestDatabase db) {
        reset();
        eagerly(db);
        minQty = 8;

        Result changed = eagerly(db);

        assertEquals(1, executed("orders"));
        assertEquals(2, executed("bigOrders"));
        assertEquals(2, executed("totals"));
        assertTrue(changed.task("bigOrders").orElseThrow().reason().contains("'min'"),
                changed.task("bigOrders").orElseThrow().reason());
        assertEquals(20L, ((Number) db.value("SELECT n FROM " + db.table("marts", "totals"))).longValue());
    }

    @OnEachDatabase
    void eagerAndFlowStylesProduceTheSameTablesAndShareTheCache(TestDatabase db) {
        reset();
        asFlow(db);
        List<Map<String, Object>> fromFlow = db.query("SELECT * FROM " + db.table("marts", "totals"));

        Result eager = eagerly(db);

        assertEquals(fromFlow, db.query("SELECT * FROM " + db.table("marts", "totals")));
        assertEquals(1, executed("orders"), "the eager run found the flow's cache entries");
        eager.tasks().forEach(task -> assertEquals(TaskOutcome.CACHE_VALID, task.outcome(), task.toString()));
    }

    @OnEachDatabase
    void aFailingStepThrowsAtItsLineAndItsStageIsNotCommitted(TestDatabase db) {
        reset();
        eagerly(db);
        minQty = 9;
        failMarts = true;

        TaskFailedException error = assertThrows(TaskFailedException.class, () -> eagerly(db));

        assertEquals("marts broke", error.getCause().getMessage());
        assertEquals(EagerRunIT.class.getName(), error.getStackTrace()[0].getClassName());
        assertEquals("totals", error.getStackTrace()[0].getMethodName());
        assertEquals(50L, ((Number) db.value("SELECT n FROM " + db.table("marts", "totals"))).longValue(),
                "marts keeps its committed version");
        assertEquals(10L, ((Number) db.value("SELECT count(*) FROM " + db.table("clean", "big_orders"))).longValue(),
                "clean, committed when its block closed, holds the new data");
    }
}
