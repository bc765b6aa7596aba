package dev.dag.it.steer;

import static dev.dag.PlannedTask.Decision.CACHE_VALID;
import static dev.dag.PlannedTask.Decision.FAIL;
import static dev.dag.PlannedTask.Decision.LAZY_CACHE_VALID;
import static dev.dag.PlannedTask.Decision.RUN;
import static dev.dag.PlannedTask.Decision.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Debug;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code flow.plan}: what a run would do, without writing anything; agreement of a plan with the run right after it
 * (the cache stories check that for every run, see {@code PlansAgree}); what a plan cannot know.
 */
class PlanIT {
    record Id(int id) {
    }

    /** Changes on every call: a task without a version. */
    static int stampCalls;

    @Materialize
    static Table stamp() {
        stampCalls++;
        return Table.of("SELECT " + stampCalls + " AS n").name("stamp");
    }

    @Materialize(version = "1")
    static Table countStamps(Table stamp) {
        return Table.of("SELECT count(*) AS n FROM " + stamp.ref()).name("stamp_count");
    }

    @Materialize(lazy = true)
    static Table copyStamp(Table stamp) {
        return Table.of("SELECT * FROM " + stamp.ref()).name("stamp_copy");
    }

    @Materialize(version = "1")
    static Table afterCopy(Table copy) {
        return Table.of("SELECT * FROM " + copy.ref()).name("after_copy");
    }

    @Materialize(version = "1")
    static Table ids(int count) {
        return Table.of(java.util.stream.IntStream.rangeClosed(1, count).mapToObj(Id::new).toList()).name("ids");
    }

    /** Reads its input's rows in its body: the plan cannot do that for an input the run would rebuild. */
    @Materialize(lazy = true, inputType = Id.class)
    static Table maxId(Table ids) {
        @SuppressWarnings("unchecked")
        List<Id> rows = (List<Id>) ids.obj();
        int max = rows.stream().mapToInt(Id::id).max().orElse(0);
        return Table.of("SELECT " + max + " AS max_id").name("max_id");
    }

    @Materialize(lazy = true)
    static Table debugged() {
        Table table = Table.of("SELECT 1 AS a").name("peek");
        Debug.materializeTable(table, MaterializeOptions.defaults());
        return table;
    }

    private static Map<String, PlannedTask> byTask(Plan plan) {
        return plan.tasks().stream().collect(Collectors.toMap(task -> task.stage() + "." + task.task(),
                Function.identity()));
    }

    private static void assertDecision(Plan plan, String stageTask, PlannedTask.Decision decision, String reason) {
        PlannedTask task = byTask(plan).get(stageTask);
        assertEquals(decision, task.decision(), () -> stageTask + " in\n" + plan.summary());
        assertEquals(reason, task.reason(), () -> stageTask + " in\n" + plan.summary());
    }

    @OnEachDatabase
    void aPlanOfANewInstanceSaysEverythingRunsAndCreatesNothing(TestDatabase db) {
        Plan plan = ShopFlow.define(100).plan(db.options());

        assertTrue(db.untouched(), "the plan created nothing (no DuckDB file, no schema)");
        assertEquals(List.of("raw.orders", "raw.customers", "clean.cleanOrders", "marts.productRevenue",
                "marts.regionOrders", "marts.customerCount"),
                plan.tasks().stream().map(task -> task.stage() + "." + task.task()).toList());
        assertDecision(plan, "raw.orders", RUN, "no cache entry: first run in this stage");
        assertDecision(plan, "clean.cleanOrders", RUN, "lazy: new table 'valid_orders'; new table 'clean_orders'; "
                + "blob 'quality' changed");
        assertEquals(List.of("valid_orders", "clean_orders"), byTask(plan).get("clean.cleanOrders").rebuiltTables());
        assertDecision(plan, "marts.customerCount", RUN, "no cache entry: first run in this stage");

        Result result = db.run(ShopFlow.define(100));
        PlanAgreement.assertAgrees(plan, result);
    }

    @OnEachDatabase
    void aPlanAfterRunsWritesNothingAndTheRunAfterItAgrees(TestDatabase db) {
        db.run(ShopFlow.define(100));
        String before = InstanceSnapshot.of(db);

        Plan plan = ShopFlow.define(8).plan(db.options());

        assertEquals(before, InstanceSnapshot.of(db), "the plan wrote nothing");
        PlanAgreement.assertAgrees(plan, db.run(ShopFlow.define(8)));
    }

    @OnEachDatabase
    void changingOneConstantPlansTheTasksThatDependOnIt(TestDatabase db) {
        db.run(ShopFlow.define(100));

        Plan plan = ShopFlow.define(8).plan(db.options());

        assertDecision(plan, "raw.orders", CACHE_VALID, "cache-valid");
        assertDecision(plan, "raw.customers", CACHE_VALID, "cache-valid");
        PlannedTask clean = byTask(plan).get("clean.cleanOrders");
        assertEquals(RUN, clean.decision(), plan.summary());
        assertTrue(clean.reason().startsWith("lazy: SQL changed at line 1: -") && clean.reason().contains("8"),
                clean.reason());
        assertEquals(List.of("valid_orders", "clean_orders"), clean.rebuiltTables());
        assertDecision(plan, "marts.productRevenue", RUN, "input 'orders' changed");
        assertDecision(plan, "marts.regionOrders", RUN, "input 'orders' changed");
        assertDecision(plan, "marts.customerCount", CACHE_VALID, "cache-valid");
        assertEquals(List.of("customer_count"), byTask(plan).get("marts.customerCount").keptTables());
        assertTrue(plan.summary().contains("marts: keeps customer_count; rebuilds the tables of productRevenue "
                + "(last time product_quantity), the tables of regionOrders (last time region_orders)"), plan.summary());
        System.out.println(plan.summary());

        PlanAgreement.assertAgrees(plan, db.run(ShopFlow.define(8)));
    }

    @Materialize(version = "1")
    static Table source(int value) {
        return Table.of("SELECT " + value + " AS v").name("source");
    }

    @Materialize(version = "1")
    static Table middle() {
        return Table.of("SELECT 'm' AS label").name("middle");
    }

    @Materialize(version = "1")
    static Table follows(Table middle) {
        return Table.of("SELECT * FROM " + middle.ref()).name("follows");
    }

    @Materialize(version = "1")
    static Table lonely() {
        return Table.of("SELECT 'l' AS label").name("lonely");
    }

    @Materialize(version = "1")
    static Table joined(Table follows, Table source) {
        return Table.of("SELECT * FROM " + follows.ref() + ", " + source.ref()).name("joined");
    }

    private static Flow selectionFlow(int value) {
        Flow flow = new Flow("plan_selection");
        try (flow) {
            Table source;
            try (Stage first = new Stage("plan_first")) {
                source = source(value);
            }
            try (Stage second = new Stage("plan_second")) {
                Table follows = follows(middle());
                lonely();
                joined(follows, source);
            }
        }
        return flow;
    }

    /**
     * A selected run skips the tasks it does not select; the plan lists them in the order the run's result does (the
     * order of the definition), even when one is skipped before an earlier one (found by the cache model, seed
     * -6667821834034287686: a task whose input from an earlier stage was skipped came first in the plan).
     */
    @OnEachDatabase
    void aPlanOfASelectedRunListsItsTasksInTheRunsOrder(TestDatabase db) {
        db.run(selectionFlow(1));

        PlanAgreement.runAsPlanned(db, selectionFlow(2), options -> options.withTasks("lonely"));
    }

    @OnEachDatabase
    void aRerunWithoutChangesIsPlannedAsCacheValid(TestDatabase db) {
        db.run(ShopFlow.define(100));

        Plan plan = ShopFlow.define(100).plan(db.options());

        assertEquals(List.of(CACHE_VALID, CACHE_VALID, LAZY_CACHE_VALID, CACHE_VALID, CACHE_VALID, CACHE_VALID),
                plan.tasks().stream().map(PlannedTask::decision).toList(), plan.summary());
        assertEquals(List.of("valid_orders", "clean_orders"), byTask(plan).get("clean.cleanOrders").keptTables());
        PlanAgreement.assertAgrees(plan, db.run(ShopFlow.define(100)));
    }

    @OnEachDatabase
    void consumersOfATaskWithoutVersionRunIfVersionedAndAreUnknownIfLazy(TestDatabase db) {
        Flow flow = new Flow("stamps");
        try (flow) {
            Table stamp;
            try (Stage raw = new Stage("raw")) {
                stamp = stamp();
            }
            try (Stage marts = new Stage("marts")) {
                countStamps(stamp);
                afterCopy(copyStamp(stamp));
            }
        }
        db.run(flow);

        Plan plan = flow.plan(db.options());

        assertDecision(plan, "raw.stamp", RUN, "no version: runs every time");
        assertDecision(plan, "marts.countStamps", RUN, "input 'stamp' changed");
        PlannedTask copy = byTask(plan).get("marts.copyStamp");
        assertEquals(UNKNOWN, copy.decision(), plan.summary());
        assertTrue(copy.reason().contains("gets a new key when its task runs"), copy.reason());
        PlannedTask after = byTask(plan).get("marts.afterCopy");
        assertEquals(UNKNOWN, after.decision(), plan.summary());
        assertTrue(after.reason().contains("depends on what only a run can tell"), after.reason());
        assertTrue(plan.summary().contains("(2 unknown until they run)"), plan.summary());
        PlanAgreement.assertAgrees(plan, db.run(flow));
    }

    @OnEachDatabase
    void aLazyTaskReadingRowsTheRunWouldRewriteIsUnknown(TestDatabase db) {
        db.run(idsFlow(3));

        Plan changed = idsFlow(4).plan(db.options());
        Plan unchanged = idsFlow(3).plan(db.options());

        assertDecision(changed, "raw.ids", RUN, "constant argument 'count' changed (3 → 4)");
        PlannedTask maxId = byTask(changed).get("marts.maxId");
        assertEquals(UNKNOWN, maxId.decision(), changed.summary());
        assertEquals("its body reads the rows of table 'ids' of stage 'raw', which the run would write",
                maxId.reason());
        assertDecision(unchanged, "marts.maxId", LAZY_CACHE_VALID, "lazy: every table unchanged, none rebuilt");
        Result result = db.run(idsFlow(4));
        PlanAgreement.assertAgrees(changed, result);
        assertEquals(TaskOutcome.RAN, result.task("maxId").orElseThrow().outcome());
    }

    private static Flow idsFlow(int count) {
        Flow flow = new Flow("ids");
        try (flow) {
            Table ids;
            try (Stage raw = new Stage("raw")) {
                ids = ids(count);
            }
            try (Stage marts = new Stage("marts")) {
                maxId(ids);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void aDebugTaintedLazyTaskIsPlannedToFailAndWritesNoDebugTable(TestDatabase db) {
        Flow flow = new Flow("debugged");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                debugged();
            }
        }

        Plan plan = flow.plan(db.options());

        PlannedTask task = byTask(plan).get("raw.debugged");
        assertEquals(FAIL, task.decision(), plan.summary());
        assertTrue(task.reason().contains("debug-tainted"), task.reason());
        assertTrue(db.untouched(), "no debug table was written");
        DagException failure = assertThrows(DagException.class, () -> db.run(flow));
        PlanAgreement.assertAgrees(plan, failure.result().orElseThrow());
    }

    @OnEachDatabase
    void aDryRunReturnsThePlanAndNoTablesToRead(TestDatabase db) {
        Flow flow = new Flow("ids");
        Table ids;
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                ids = ids(3);
            }
        }

        Result dry = flow.run(db.options().dryRun());

        assertTrue(db.untouched());
        Plan plan = dry.plan().orElseThrow();
        assertEquals(List.of(RUN), plan.tasks().stream().map(PlannedTask::decision).toList());
        assertEquals(plan.summary(), dry.summary());
        assertTrue(dry.tasks().isEmpty());
        DefinitionException refused = assertThrows(DefinitionException.class, () -> dry.get(ids, TableRef.class));
        assertTrue(refused.getMessage().contains("dry run"), refused.getMessage());
        assertFalse(flow.run(db.options()).plan().isPresent(), "a real run has no plan");
    }
}
