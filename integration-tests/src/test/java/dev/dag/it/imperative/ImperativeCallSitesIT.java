package dev.dag.it.imperative;

import static dev.dag.it.imperative.Stored.outcomes;
import static dev.dag.it.imperative.Stored.result;
import static dev.dag.it.imperative.Stored.single;
import static dev.dag.it.support.Frames.assertTopFrameAt;
import static dev.dag.it.support.Frames.assertTopFrameIs;
import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.MaterializationException;
import dev.dag.Materialize;
import dev.dag.MaterializedTable;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;

/**
 * Rule 8 and the call sites the agent captures: an error inside {@code materialize()} is thrown at that
 * line, an error writing the returned table at the {@code return}; a task method called from inside
 * another task's body is a plain call whose tables belong to the caller; calls inside lambdas of a task
 * get their own line too.
 */
class ImperativeCallSitesIT {
    static final String BAD_SQL = "SELECT no_such_column FROM (SELECT 1 AS a) AS t";
    static volatile boolean badReturn;
    static volatile int materializeLine;
    static volatile int returnLine;
    static volatile int subLine;
    static volatile int callLine;
    static volatile int lambdaLine;
    static volatile int streamLine;
    static final AtomicInteger subBodies = new AtomicInteger();

    @BeforeEach
    void reset() {
        badReturn = false;
        subBodies.set(0);
    }

    @Materialize(lazy = true)
    static Table failsInsideMaterialize() {
        Table.of("SELECT 1 AS a").name("fine").materialize();
        materializeLine = Frames.nextLine();
        Table broken = Table.of(BAD_SQL).name("broken").materialize();
        return Table.of("SELECT * FROM " + broken.ref()).name("never");
    }

    @Materialize(version = "1")
    static Table failsAtReturn() {
        Table fine = Table.of("SELECT 1 AS a").name("fine").materialize();
        String sql = badReturn ? BAD_SQL : "SELECT * FROM " + fine.ref();
        returnLine = Frames.nextLine();
        return Table.of(sql).name("broken_return");
    }

    /** Two returns: the error names the one that ran. */
    @Materialize(lazy = true)
    static Table twoReturns() {
        Table fine = Table.of("SELECT 1 AS a").name("fine").materialize();
        if (!badReturn) {
            return Table.of("SELECT * FROM " + fine.ref()).name("first_return");
        }
        returnLine = Frames.nextLine();
        return Table.of(BAD_SQL).name("second_return");
    }

    @Materialize(lazy = true)
    static Table failsInLambda() {
        lambdaLine = Frames.nextLine();
        Supplier<Table> make = () -> Table.of(BAD_SQL).name("broken_lambda").materialize();
        return make.get();
    }

    /** A task method; called from another task's body it runs as a plain call. */
    @Materialize(version = "1")
    static Table subtask(String name, boolean fail) {
        subBodies.incrementAndGet();
        subLine = Frames.nextLine();
        Table part = Table.of(fail ? BAD_SQL : "SELECT 4 AS a").name(name).materialize();
        return Table.of("SELECT a + 1 AS a FROM " + part.ref()).name(name + "_plus");
    }

    @Materialize(lazy = true)
    static Table caller() {
        Table.of("SELECT 1 AS a").name("own").materialize();
        callLine = Frames.nextLine();
        Table helper = subtask("from_sub", false).materialize();
        return Table.of("SELECT a FROM " + helper.ref()).name("caller_out");
    }

    @Materialize(lazy = true)
    static Table callerOfAFailingSubtask() {
        callLine = Frames.nextLine();
        return subtask("failing_sub", true);
    }

    @Materialize(lazy = true)
    static Table withLambdas() {
        lambdaLine = Frames.nextLine();
        Supplier<Table> make = () -> Table.of("SELECT 1 AS a").name("from_lambda").materialize();
        Table one = make.get();
        streamLine = Frames.nextLine();
        List<Table> more = IntStream.range(0, 2).mapToObj(i -> Table.of("SELECT " + i + " AS a").name("l" + i).materialize())
                .toList();
        return Table.of("SELECT a FROM " + one.ref() + " UNION ALL SELECT a FROM " + more.get(1).ref()).name("lambdas_out");
    }

    @OnEachDatabase
    void errorInsideMaterializeIsThrownAtItsLine(TestDatabase db) {
        Flow flow = Flows.oneStage("errors", "s", ImperativeCallSitesIT::failsInsideMaterialize);

        MaterializationException e = assertThrows(MaterializationException.class,
                () -> flow.run(RunOptions.of(db.config())));

        assertAll(
                () -> assertTopFrameIs(ImperativeCallSitesIT.class, "failsInsideMaterialize", materializeLine, e),
                () -> assertInstanceOf(SQLException.class, e.getCause()),
                () -> assertMessageContains(e, "'failsInsideMaterialize'", "'broken'", "'s'", BAD_SQL),
                () -> assertEquals(Optional.of("broken"), e.table()),
                () -> assertEquals(Optional.of("s"), e.stage()),
                () -> assertTrue(e.sql().contains(BAD_SQL), e.sql()),
                () -> assertEquals(List.of("fine WRITTEN"), outcomes(e.result().orElseThrow(), "failsInsideMaterialize")),
                () -> assertEquals(List.of(), Stored.tablesIn(db, "s"), "nothing committed"));
    }

    @OnEachDatabase
    void errorWritingTheReturnedTableIsThrownAtTheReturnLine(TestDatabase db) {
        badReturn = true;
        Flow flow = Flows.oneStage("errors", "s", ImperativeCallSitesIT::failsAtReturn);

        MaterializationException e = assertThrows(MaterializationException.class,
                () -> flow.run(RunOptions.of(db.config())));

        assertAll(
                () -> assertTopFrameIs(ImperativeCallSitesIT.class, "failsAtReturn", returnLine, e),
                () -> assertInstanceOf(SQLException.class, e.getCause()),
                () -> assertMessageContains(e, "'failsAtReturn'", "'broken_return'", "'s'", BAD_SQL));

        badReturn = false;
        Result fixed = flow.run(RunOptions.of(db.config()));
        assertEquals(TaskOutcome.RAN, result(fixed, "failsAtReturn").outcome(), "the failed run left no cache entry");
        assertEquals(1L, single(db, "s", "broken_return", "a"));
    }

    @OnEachDatabase
    void errorAtReturnNamesTheReturnThatRan(TestDatabase db) {
        badReturn = true;
        Flow flow = Flows.oneStage("errors", "s", ImperativeCallSitesIT::twoReturns);

        MaterializationException e = assertThrows(MaterializationException.class,
                () -> flow.run(RunOptions.of(db.config())));

        assertTopFrameIs(ImperativeCallSitesIT.class, "twoReturns", returnLine, e);
        assertMessageContains(e, "'twoReturns'", "'second_return'", BAD_SQL);
    }

    @OnEachDatabase
    void errorInsideALambdaOfTheTaskIsThrownAtTheLambdaLine(TestDatabase db) {
        Flow flow = Flows.oneStage("errors", "s", ImperativeCallSitesIT::failsInLambda);

        MaterializationException e = assertThrows(MaterializationException.class,
                () -> flow.run(RunOptions.of(db.config())));

        assertTopFrameAt(ImperativeCallSitesIT.class, lambdaLine, e);
        assertMessageContains(e, "'failsInLambda'", "'broken_lambda'", BAD_SQL);
    }

    @OnEachDatabase
    void subtaskRunsAsAPlainCallAndItsTablesBelongToTheCaller(TestDatabase db) {
        Flow flow = new Flow("sub");
        try (flow) {
            try (Stage first = new Stage("first")) {
                caller();
            }
        }

        Result result = flow.run(RunOptions.of(db.config()));

        assertEquals(Optional.empty(), result.task("subtask"), "the subtask is not a task of the flow");
        assertEquals(1, subBodies.get());
        assertEquals(List.of("own WRITTEN", "from_sub WRITTEN", "from_sub_plus WRITTEN", "caller_out WRITTEN returned"),
                outcomes(result, "caller"));
        List<MaterializedTable> tables = result(result, "caller").materializations();
        assertEquals("subtask", tables.get(1).callSite().getMethodName());
        assertEquals(subLine, tables.get(1).callSite().getLineNumber());
        assertEquals("caller", tables.get(2).callSite().getMethodName(),
                () -> "the subtask's returned table is materialized by the caller: " + tables);
        assertEquals(callLine, tables.get(2).callSite().getLineNumber());
        assertEquals(List.of("caller_out", "from_sub", "from_sub_plus", "own"), Stored.tablesIn(db, "first"),
                "the subtask's tables are in the caller's stage");
        assertEquals(5L, single(db, "first", "caller_out", "a"));

        Result again = flow.run(RunOptions.of(db.config()));
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, result(again, "caller").outcome());
        assertEquals(2, subBodies.get(), "a plain call runs its body each time its caller does");
    }

    @OnEachDatabase
    void errorInsideASubtaskIsThrownAtTheSubtaskLineThenTheCallersLine(TestDatabase db) {
        Flow flow = Flows.oneStage("sub", "s", ImperativeCallSitesIT::callerOfAFailingSubtask);

        MaterializationException e = assertThrows(MaterializationException.class,
                () -> flow.run(RunOptions.of(db.config())));

        assertTopFrameIs(ImperativeCallSitesIT.class, "subtask", subLine, e);
        StackTraceElement next = e.getStackTrace()[1];
        assertEquals("callerOfAFailingSubtask:" + callLine, next.getMethodName() + ":" + next.getLineNumber(),
                () -> Frames.render(e));
        assertMessageContains(e, "'callerOfAFailingSubtask'", "'failing_sub'", "'s'");
    }

    @OnEachDatabase
    void materializeInsideLambdasGetsTheLambdaLine(TestDatabase db) {
        Flow flow = Flows.oneStage("lambdas", "s", ImperativeCallSitesIT::withLambdas);

        Result result = flow.run(RunOptions.of(db.config()));

        List<MaterializedTable> tables = result(result, "withLambdas").materializations();
        assertEquals(List.of("from_lambda WRITTEN", "l0 WRITTEN", "l1 WRITTEN", "lambdas_out WRITTEN returned"),
                outcomes(result, "withLambdas"));
        assertAll(tables.subList(0, 3).stream().map(table -> () -> {
            StackTraceElement site = table.callSite();
            assertEquals(ImperativeCallSitesIT.class.getName(), site.getClassName(), table::toString);
            assertTrue(site.getMethodName().startsWith("lambda$withLambdas$"), table::toString);
            assertEquals(table.name().equals("from_lambda") ? lambdaLine : streamLine, site.getLineNumber(),
                    table::toString);
        }));
        assertEquals(2L, db.query("SELECT a FROM " + db.table("s", "lambdas_out")).size());
    }
}
