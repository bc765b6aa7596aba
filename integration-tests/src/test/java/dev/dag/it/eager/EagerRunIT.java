package dev.dag.it.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskFailedException;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

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

    /** A table named after the task (no {@code .name}), so that two calls would want the same name. */
    @Materialize(version = "1")
    static Table region(int id) {
        count("region");
        return Table.of("SELECT " + id + " AS id");
    }

    @Materialize(lazy = true)
    static Table lazyRegion(int id) {
        count("lazyRegion");
        return Table.of("SELECT " + id + " AS id");
    }

    @Materialize(version = "1")
    static Table namedRegion(int id) {
        return Table.of("SELECT " + id + " AS id").name("named_region");
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

    /** Calls {@code task} with 1, 1 and 2 in stage "regions"; returns the three tables the calls returned. */
    private static List<Table> regionsTwiceAndOnce(TestDatabase db, IntFunction<Table> task) {
        try (RunContext run = RunContext.open(db.config(), "regions_eager");
             Stage regions = new Stage("regions")) {
            return List.of(task.apply(1), task.apply(1), task.apply(2));
        }
    }

    private static List<String> outcomes(Result result) {
        return result.tasks().stream().map(task -> task.task() + " " + task.outcome()).toList();
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

    @OnEachDatabase
    void aTaskCalledAgainWithEqualArgumentsGetsTheFirstCallsTableAndOtherArgumentsATableOfItsOwn(TestDatabase db) {
        for (String task : List.of("region", "lazyRegion")) {
            reset();
            IntFunction<Table> call = task.equals("region") ? EagerRunIT::region : EagerRunIT::lazyRegion;

            List<Table> tables = regionsTwiceAndOnce(db, call);

            assertEquals(2, executed(task), task + ": the repeated call did not run the body again");
            assertEquals(tables.get(0).ref(), tables.get(1).ref(), task + ": the repeated call got the first table");
            assertEquals(List.of(task, task + "_2"), db.tablesIn("regions").stream()
                    .filter(name -> name.startsWith(task)).toList());
            assertEquals(2L, ((Number) db.value("SELECT id FROM " + db.table("regions", task + "_2"))).longValue());
        }
    }

    @OnEachDatabase
    void repeatedCallsAreShownAndStayCachedOnTheNextRun(TestDatabase db) {
        reset();
        Result first = eagerRegions(db);
        assertEquals(List.of("region RAN", "region CACHE_VALID", "region RAN"), outcomes(first));
        TaskResult reused = first.tasks().get(1);
        assertTrue(reused.reason().contains("same arguments as an earlier call"), reused.reason());
        assertEquals(List.of("region"), reused.tables());
        TaskResult other = first.tasks().get(2);
        assertTrue(other.reason().contains("as table 'region_2'"), other.reason());
        assertEquals(List.of("region_2"), other.tables());
        assertTrue(first.summary().contains("as table 'region_2'"), first.summary());

        Result second = eagerRegions(db);

        assertEquals(2, executed("region"), "all three calls were cache-valid");
        assertEquals(List.of("region CACHE_VALID", "region CACHE_VALID", "region CACHE_VALID"), outcomes(second));
        assertEquals(List.of("region", "region_2"), db.tablesIn("regions"));
    }

    private static Result eagerRegions(TestDatabase db) {
        RunContext run = RunContext.open(db.config(), "regions_eager");
        try (run; Stage regions = new Stage("regions")) {
            region(1);
            region(1);
            region(2);
        }
        return run.result();
    }

    @OnEachDatabase
    void aTaskThatNamesItsTableAndIsCalledWithOtherArgumentsIsToldToNameItAfterThem(TestDatabase db) {
        DefinitionException e = assertThrows(DefinitionException.class, () -> {
            try (RunContext run = RunContext.open(db.config(), "regions_eager");
                 Stage regions = new Stage("regions")) {
                namedRegion(1);
                namedRegion(2);
            }
        });

        assertTrue(e.getMessage().contains("'named_region' is written twice in stage 'regions' by task "
                + "'namedRegion', called again with other arguments"), e.getMessage());
        assertTrue(e.getMessage().contains("name the table after the arguments"), e.getMessage());
    }

    /**
     * An eager run calls each task as the code reaches it: it cannot put given rows in a task's place, nor leave
     * tasks out. Options that ask for it are refused at the open, naming them, rather than ignored (an ignored
     * override would run the real task, e.g. one reading a production system a test must not touch).
     */
    @OnEachDatabase
    void optionsOnlyAFlowRunHonoursAreRefusedWhenAnEagerRunOpens(TestDatabase db) {
        RunOptions overridden = db.options().withOverride("totals", List.of(Map.of("n", 1)));
        RunOptions selected = db.options().withTasks("totals");

        DefinitionException override = assertThrows(DefinitionException.class,
                () -> RunContext.open(overridden, "nightly").close());
        DefinitionException selection = assertThrows(DefinitionException.class,
                () -> RunContext.open(selected, "nightly").close());

        assertTrue(override.getMessage().startsWith("RunContext.open(\"nightly\") cannot honour "
                + "RunOptions.withOverride (tasks [totals])"), override.getMessage());
        assertTrue(override.getMessage().contains("flow.run"), override.getMessage());
        assertTrue(selection.getMessage().contains("RunOptions.withTasks"), selection.getMessage());
        assertEquals(EagerRunIT.class.getName(), override.getStackTrace()[0].getClassName(), "the user's line on top");
        assertTrue(db.untouched(), "refused before anything was written");
    }
}
