package dev.dag.it.imperative;

import static dev.dag.it.imperative.Stored.outcomes;
import static dev.dag.it.imperative.Stored.physical;
import static dev.dag.it.imperative.Stored.result;
import static dev.dag.it.imperative.Stored.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.CacheValidationMode;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializedTable;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;

/**
 * Rule 4 and 5 of imperative materialization: each {@code materialize()} depends on every earlier one of
 * its task, and an unchanged one executes nothing. Each story runs a lazy task, changes one query, runs
 * again and counts what the database executed.
 */
class ImperativeCachingIT {
    static volatile String counted;
    static volatile int firstValue;
    static volatile int secondValue;
    static final AtomicInteger bodies = new AtomicInteger();
    static final List<String> secondSql = new ArrayList<>();
    static volatile int t1Line;
    static volatile int t2Line;
    static volatile boolean failSecond;
    static volatile boolean withExtra;
    static volatile List<Item> items;

    record Item(int id, int qty) {
    }

    @BeforeEach
    void reset() {
        firstValue = 1;
        secondValue = 10;
        bodies.set(0);
        secondSql.clear();
        failSecond = false;
        withExtra = true;
        items = List.of(new Item(1, 3), new Item(2, 4));
    }

    /** The basic imperative example: a table, then a query on it. */
    @Materialize(lazy = true)
    static Table designExample() {
        t1Line = Frames.nextLine();
        Table tbl = Table.of("SELECT 1 AS a UNION ALL SELECT 2 AS a").name("t1").materialize();
        t2Line = Frames.nextLine();
        return Table.of("SELECT * FROM " + tbl.ref() + " ORDER BY a LIMIT 1").name("t2");
    }

    /** Two imperative tables whose SQL texts are independent, and a returned table reading both. */
    @Materialize(lazy = true)
    static Table chained() {
        bodies.incrementAndGet();
        Table first = Table.of("SELECT " + counted + " AS run_no, " + firstValue + " AS a").name("first").materialize();
        String second = failSecond ? "SELECT no_such_column FROM " + first.ref()
                : "SELECT " + counted + " AS run_no, " + secondValue + " AS b";
        secondSql.add(second);
        Table two = Table.of(second).name("second").materialize();
        return Table.of("SELECT " + counted + " AS run_no, f.a, s.b FROM " + first.ref() + " f, " + two.ref() + " s")
                .name("joined");
    }

    @Materialize(lazy = true)
    static Table optionalStep() {
        if (withExtra) {
            Table.of("SELECT 1 AS x").name("extra").materialize();
        }
        Table main = Table.of("SELECT " + counted + " AS run_no, 1 AS a").name("main").materialize();
        return Table.of("SELECT a FROM " + main.ref()).name("optional_out");
    }

    /** In-memory rows, materialized, then summed in SQL. */
    @Materialize(lazy = true)
    static Table fromRows() {
        Table loaded = Table.of(items).name("loaded").materialize();
        return Table.of("SELECT " + counted + " AS run_no, total FROM (SELECT sum(qty) AS total FROM " + loaded.ref()
                + ") AS t").name("rows_total");
    }

    private static Flow chainedFlow() {
        return Flows.oneStage("chained", "s", ImperativeCachingIT::chained);
    }

    private static Map<String, String> physicals(TestDatabase db) {
        return Map.of("first", physical(db, "s", "first"), "second", physical(db, "s", "second"),
                "joined", physical(db, "s", "joined"));
    }

    @OnEachDatabase
    void designExampleWritesTheTableThenTheQueryOnIt(TestDatabase db) {
        Flow flow = Flows.oneStage("design", "s", ImperativeCachingIT::designExample);

        Result result = flow.run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.RAN, result(result, "designExample").outcome());
        assertEquals(List.of("t1 WRITTEN", "t2 WRITTEN returned"), outcomes(result, "designExample"));
        List<MaterializedTable> tables = result(result, "designExample").materializations();
        assertEquals(List.of(t1Line, t2Line), tables.stream().map(t -> t.callSite().getLineNumber()).toList(),
                () -> "call sites: the materialize() line, then the return line: " + tables);
        assertEquals("designExample", tables.get(0).callSite().getMethodName());
        assertEquals(List.of("t1", "t2"), result(result, "designExample").tables());
        assertEquals(List.of(Map.of("a", 1), Map.of("a", 2)), Stored.rows(db, "s", "t1", "a").stream()
                .map(row -> Map.of("a", ((Number) row.get("a")).intValue())).toList());
        assertEquals(List.of(1), Stored.rows(db, "s", "t2", "a").stream()
                .map(row -> ((Number) row.get("a")).intValue()).toList());
    }

    @OnEachDatabase
    void rerunOfAnUnchangedTaskReusesEveryTableWithoutExecutingAnything(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = chainedFlow();
        Result first = flow.run(RunOptions.of(db.config()));
        assertEquals(List.of("first WRITTEN", "second WRITTEN", "joined WRITTEN returned"), outcomes(first, "chained"));
        assertEquals(3, executions.count());
        Map<String, String> before = physicals(db);

        Result again = flow.run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(again, "chained").outcome());
        assertEquals(List.of("first CACHE_VALID", "second CACHE_VALID", "joined CACHE_VALID returned"),
                outcomes(again, "chained"));
        assertEquals(2, bodies.get(), "a lazy body always runs");
        assertEquals(3, executions.count(), "no query ran again");
        assertEquals(before, physicals(db), "every view still shows the table written by the first run");
        assertEquals(List.of(1L, 2L, 3L), List.of(single(db, "s", "first", "run_no"),
                single(db, "s", "second", "run_no"), single(db, "s", "joined", "run_no")));
        assertEquals(List.of(1L, 10L), List.of(single(db, "s", "joined", "a"), single(db, "s", "joined", "b")));
    }

    @OnEachDatabase
    void changeOfTheSecondQueryRebuildsItAndWhatFollowsButNotTheFirst(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = chainedFlow();
        flow.run(RunOptions.of(db.config()));
        String firstPhysical = physical(db, "s", "first");
        String secondPhysical = physical(db, "s", "second");

        secondValue = 20;
        Result changed = flow.run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.RAN, result(changed, "chained").outcome());
        assertEquals(List.of("first CACHE_VALID", "second WRITTEN", "joined WRITTEN returned"),
                outcomes(changed, "chained"));
        assertEquals(3 + 2, executions.count(), "only the second query and the returned one ran again");
        assertEquals(firstPhysical, physical(db, "s", "first"));
        assertNotEquals(secondPhysical, physical(db, "s", "second"));
        assertEquals(1L, single(db, "s", "first", "run_no"));
        assertEquals(20L, single(db, "s", "joined", "b"));
    }

    @OnEachDatabase
    void changeOfTheFirstQueryRebuildsTheSecondAlthoughItsSqlIsUnchanged(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = chainedFlow();
        flow.run(RunOptions.of(db.config()));
        Map<String, String> before = physicals(db);

        firstValue = 2;
        Result changed = flow.run(RunOptions.of(db.config()));

        assertEquals(secondSql.get(0), secondSql.get(1), "the second table's SQL text did not change");
        assertEquals(List.of("first WRITTEN", "second WRITTEN", "joined WRITTEN returned"), outcomes(changed, "chained"));
        assertEquals(3 + 3, executions.count());
        Map<String, String> after = physicals(db);
        before.forEach((table, physical) -> assertNotEquals(physical, after.get(table), table + " was rebuilt"));
        assertEquals(List.of(4L, 5L, 6L), List.of(single(db, "s", "first", "run_no"),
                single(db, "s", "second", "run_no"), single(db, "s", "joined", "run_no")));
        assertEquals(2L, single(db, "s", "joined", "a"));

        Result back = flow.run(RunOptions.of(db.config()));
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(back, "chained").outcome(), "and is cached again");
        assertEquals(6, executions.count());
    }

    @OnEachDatabase
    void forcedRunExecutesEveryImperativeTableAgain(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = chainedFlow();
        flow.run(RunOptions.of(db.config()));

        Result forced = flow.run(RunOptions.of(db.config())
                .withCacheValidation(CacheValidationMode.FORCE_CACHE_INVALID));

        assertEquals(List.of("first WRITTEN", "second WRITTEN", "joined WRITTEN returned"), outcomes(forced, "chained"));
        assertEquals(6, executions.count());
    }

    @OnEachDatabase
    void failedRerunLeavesTheReusedAndTheCommittedTablesAsTheyWere(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = chainedFlow();
        flow.run(RunOptions.of(db.config()));
        Map<String, String> before = physicals(db);

        failSecond = true;
        DagException e = assertThrows(DagException.class, () -> flow.run(RunOptions.of(db.config())));

        assertEquals(List.of("first CACHE_VALID"), outcomes(e.result().orElseThrow(), "chained"));
        assertEquals(before, physicals(db), "the committed version is untouched");
        assertEquals(List.of(1L, 10L), List.of(single(db, "s", "joined", "a"), single(db, "s", "joined", "b")));

        failSecond = false;
        Result fixed = flow.run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(fixed, "chained").outcome(),
                "the failed run did not drop the tables it reused");
        assertEquals(before, physicals(db));
        assertEquals(3, executions.count());
        assertEquals(1L, single(db, "s", "first", "run_no"));
    }

    @OnEachDatabase
    void tableNoLongerMaterializedLeavesTheStageAndShiftsTheChain(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("optional", "s", ImperativeCachingIT::optionalStep);
        Result first = flow.run(RunOptions.of(db.config()));
        assertEquals(List.of("extra WRITTEN", "main WRITTEN", "optional_out WRITTEN returned"),
                outcomes(first, "optionalStep"));

        withExtra = false;
        Result without = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("main WRITTEN", "optional_out WRITTEN returned"), outcomes(without, "optionalStep"),
                "main no longer follows extra, so its key changed");
        assertEquals(List.of("main", "optional_out"), Stored.tablesIn(db, "s"));
        assertEquals(List.of(), Stored.physicalTables(db, "s", "extra"), "the dropped table's data is gone too");

        Result again = flow.run(RunOptions.of(db.config()));
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(again, "optionalStep").outcome());
        assertEquals(2, executions.count());
    }

    @OnEachDatabase
    void materializedRowsAreReusedWhileEqualAndRebuiltWithWhatReadsThemWhenOneChanges(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("rows", "s", ImperativeCachingIT::fromRows);
        flow.run(RunOptions.of(db.config()));
        String loaded = physical(db, "s", "loaded");

        items = List.of(new Item(1, 3), new Item(2, 4));
        Result equal = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("loaded CACHE_VALID", "rows_total CACHE_VALID returned"), outcomes(equal, "fromRows"));
        assertEquals(loaded, physical(db, "s", "loaded"));

        items = List.of(new Item(1, 3), new Item(2, 5));
        Result changed = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("loaded WRITTEN", "rows_total WRITTEN returned"), outcomes(changed, "fromRows"));
        assertEquals(8L, single(db, "s", "rows_total", "total"));
        assertEquals(2, executions.count());
    }
}
