package dev.dag.it.imperative;

import static dev.dag.it.imperative.Stored.outcomes;
import static dev.dag.it.imperative.Stored.physical;
import static dev.dag.it.imperative.Stored.physicalTables;
import static dev.dag.it.imperative.Stored.result;
import static dev.dag.it.imperative.Stored.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskOutcome;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;

/**
 * What {@code materialize()} hands back and what a task returns after materializing: a returned table
 * that was materialized already is not written again (rule 6), {@code returnNothing()} and
 * {@code returnAs(..)} change only what the body sees, and the intermediate tables of a cache-valid task
 * stay in the stage although its body does not run.
 */
class ImperativeReturnsIT {
    static volatile String counted;
    static volatile boolean materializeReturn;
    static volatile int hiddenValue;
    static volatile int returnLine;
    static final AtomicInteger bodies = new AtomicInteger();
    static final AtomicReference<Object> seenObj = new AtomicReference<>();
    static final AtomicReference<Object> seenRef = new AtomicReference<>();
    static final AtomicReference<Object> seenRows = new AtomicReference<>();

    record Row(int id, String label) {
    }

    @BeforeEach
    void reset() {
        materializeReturn = true;
        hiddenValue = 1;
        bodies.set(0);
        seenObj.set(null);
        seenRef.set(null);
        seenRows.set(null);
    }

    @Materialize(lazy = true)
    static Table returnsMaterializedOrNot() {
        Table out = Table.of("SELECT " + counted + " AS run_no, 7 AS a").name("out");
        returnLine = Frames.nextLine();
        return materializeReturn ? out.materialize() : out;
    }

    @Materialize(version = "1")
    static Table readsOut(Table out) {
        return Table.of("SELECT a + 1 AS a FROM " + out.ref()).name("reads_out");
    }

    @Materialize(version = "1")
    static Table returnsWhatMaterializeReturned() {
        bodies.incrementAndGet();
        Table kept = Table.of("SELECT " + counted + " AS run_no, 5 AS a").name("kept").materialize();
        Table.of("SELECT " + counted + " AS run_no, 6 AS a").name("other").materialize();
        return kept;
    }

    @Materialize(version = "1")
    static Table consumer(Table input) {
        return Table.of("SELECT " + counted + " AS run_no, a FROM " + input.ref()).name("consumer");
    }

    @Materialize(lazy = true)
    static Table writesWithoutReading() {
        Table hidden = Table.of("SELECT " + counted + " AS run_no, " + hiddenValue + " AS a").name("hidden")
                .materialize(MaterializeOptions.defaults().returnNothing());
        seenObj.set(hidden.obj() == null ? "null" : hidden.obj());
        seenRef.set(hidden.ref());
        Table later = Table.of("SELECT " + counted + " AS run_no, 1 AS b").name("later").materialize();
        return Table.of("SELECT h.a, l.b FROM " + hidden.ref() + " h, " + later.ref() + " l").name("both");
    }

    @Materialize(lazy = true, inputType = Row.class)
    static Table readsRowsBack() {
        Table rows = Table.of("SELECT 1 AS id, 'x' AS label UNION ALL SELECT 2 AS id, 'y' AS label").name("rows")
                .materialize(MaterializeOptions.defaults().returnAs(Row.class));
        seenRows.set(rows.obj());
        seenRef.set(Table.of("SELECT 1 AS n").name("plain").materialize().obj());
        return Table.of("SELECT count(*) AS n FROM " + rows.ref()).name("counted_rows");
    }

    @Materialize(version = "1")
    static Table steps() {
        bodies.incrementAndGet();
        Table a = Table.of("SELECT " + counted + " AS run_no, 1 AS a").name("step_a").materialize();
        Table b = Table.of("SELECT " + counted + " AS run_no, a + 1 AS a FROM " + a.ref()).name("step_b").materialize();
        return Table.of("SELECT " + counted + " AS run_no, a + 1 AS a FROM " + b.ref()).name("steps_out");
    }

    @OnEachDatabase
    void returningMaterializeIsTheSameAsReturningTheTableAndWritesOnce(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = new Flow("returns");
        try (flow) {
            Table out;
            try (Stage s = new Stage("s")) {
                out = returnsMaterializedOrNot();
            }
            try (Stage next = new Stage("next")) {
                readsOut(out);
            }
        }

        Result first = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("out WRITTEN returned"), outcomes(first, "returnsMaterializedOrNot"));
        assertEquals(returnLine, result(first, "returnsMaterializedOrNot").materializations().get(0).callSite()
                .getLineNumber());
        assertEquals(1, executions.count(), "the returned table was written once");
        assertEquals(1, physicalTables(db, "s", "out").size(), () -> "one physical table: "
                + physicalTables(db, "s", "out"));
        assertEquals(List.of("out"), result(first, "returnsMaterializedOrNot").tables());
        assertEquals(8L, single(db, "next", "reads_out", "a"), "the consumer reads the returned table");
        String written = physical(db, "s", "out");

        materializeReturn = false;
        Result plainReturn = flow.run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(plainReturn, "returnsMaterializedOrNot").outcome(),
                "return out and return out.materialize() are the same table");
        assertEquals(List.of("out CACHE_VALID returned"), outcomes(plainReturn, "returnsMaterializedOrNot"));
        assertEquals(TaskOutcome.CACHE_VALID, result(plainReturn, "readsOut").outcome());
        assertEquals(written, physical(db, "s", "out"));
        assertEquals(1, executions.count());

        materializeReturn = true;
        Result back = flow.run(RunOptions.of(db.config()));
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(back, "returnsMaterializedOrNot").outcome());
        assertEquals(1, executions.count());
    }

    @OnEachDatabase
    void returningTheObjectMaterializeReturnedMapsBackToItsTable(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = new Flow("bound");
        Table kept;
        try (flow) {
            try (Stage s = new Stage("s")) {
                kept = returnsWhatMaterializeReturned();
            }
            try (Stage next = new Stage("next")) {
                consumer(kept);
            }
        }

        Result first = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("kept WRITTEN returned", "other WRITTEN"), outcomes(first, "returnsWhatMaterializeReturned"));
        assertEquals(3, executions.count(), "kept, other and the consumer; kept is not written twice");
        assertEquals(1, physicalTables(db, "s", "kept").size());
        assertEquals(5L, single(db, "next", "consumer", "a"), "the consumer reads kept");
        assertEquals(List.of(Map.of("a", 5L)), first.rows(kept, Map.class).stream()
                .map(row -> Map.of("a", ((Number) row.get("a")).longValue())).toList());

        Result again = flow.run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.CACHE_VALID, result(again, "returnsWhatMaterializeReturned").outcome());
        assertEquals(TaskOutcome.CACHE_VALID, result(again, "consumer").outcome());
        assertEquals(1, bodies.get());
        assertEquals(3, executions.count());
    }

    @OnEachDatabase
    void returnNothingHandsBackNoContentButARefAndStillCountsAsADependency(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("nothing", "s", ImperativeReturnsIT::writesWithoutReading);

        Result first = flow.run(RunOptions.of(db.config()));

        assertEquals("null", seenObj.get(), "returnNothing(): obj() is null");
        assertInstanceOf(TableRef.class, seenRef.get());
        assertEquals(List.of("hidden WRITTEN", "later WRITTEN", "both WRITTEN returned"),
                outcomes(first, "writesWithoutReading"));
        assertEquals(1L, single(db, "s", "hidden", "a"), "the table was written");
        assertEquals(1L, single(db, "s", "both", "a"), "and ref() reads it");
        String later = physical(db, "s", "later");

        hiddenValue = 2;
        Result changed = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("hidden WRITTEN", "later WRITTEN", "both WRITTEN returned"),
                outcomes(changed, "writesWithoutReading"), "later depends on hidden although it does not read it");
        assertNotEquals(later, physical(db, "s", "later"));
        assertEquals(4, executions.count());
        assertEquals(2L, single(db, "s", "both", "a"));
    }

    @OnEachDatabase
    void returnAsRecordHandsBackTheRowsAndDefaultStaysAReference(TestDatabase db) {
        Flow flow = Flows.oneStage("rows", "s", ImperativeReturnsIT::readsRowsBack);

        Result first = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of(new Row(1, "x"), new Row(2, "y")), seenRows.get());
        assertInstanceOf(TableRef.class, seenRef.get(),
                "without returnAs, materialize() gives a reference even when the task's inputType is a record");
        assertEquals(2L, single(db, "s", "counted_rows", "n"));

        seenRows.set(null);
        Result again = flow.run(RunOptions.of(db.config()));
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(again, "readsRowsBack").outcome());
        assertEquals(List.of(new Row(1, "x"), new Row(2, "y")), seenRows.get(), "a reused table is read back too");
    }

    @OnEachDatabase
    void intermediateTablesOfACacheValidTaskStayInTheStage(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("steps", "s", ImperativeReturnsIT::steps);
        Result first = flow.run(RunOptions.of(db.config()));
        assertEquals(List.of("step_a WRITTEN", "step_b WRITTEN", "steps_out WRITTEN returned"), outcomes(first, "steps"));
        Map<String, String> before = Map.of("step_a", physical(db, "s", "step_a"), "step_b",
                physical(db, "s", "step_b"), "steps_out", physical(db, "s", "steps_out"));

        for (int rerun = 1; rerun <= 2; rerun++) {
            Result again = flow.run(RunOptions.of(db.config()));

            assertEquals(TaskOutcome.CACHE_VALID, result(again, "steps").outcome());
            assertEquals(List.of("step_a", "step_b", "steps_out"), result(again, "steps").tables());
            assertEquals(1, bodies.get(), "the body did not run");
            assertEquals(3, executions.count());
            assertEquals(List.of("step_a", "step_b", "steps_out"), Stored.tablesIn(db, "s"));
            before.forEach((table, physical) -> assertEquals(physical, physical(db, "s", table)));
            assertEquals(List.of(1L, 2L, 3L), List.of(single(db, "s", "step_a", "run_no"),
                    single(db, "s", "step_b", "run_no"), single(db, "s", "steps_out", "run_no")));
            assertEquals(List.of(1L, 2L, 3L), List.of(single(db, "s", "step_a", "a"), single(db, "s", "step_b", "a"),
                    single(db, "s", "steps_out", "a")));
        }
    }
}
