package dev.dag.it;

import static dev.dag.it.support.Frames.assertTopFrameIn;
import static dev.dag.it.support.Frames.assertTopFrameIs;
import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.MaterializationException;
import dev.dag.Materialize;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.TaskFailedException;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Errors while a flow runs: SQL the database refuses, a task that throws, content dag cannot store. Each
 * names task, table and stage, keeps the cause, and points at the task's line.
 */
class RunErrorsIT {
    static final String BAD_SQL = "SELECT id, no_such_column FROM (SELECT 1 AS id) AS t";
    static final AtomicInteger returnLine = new AtomicInteger();
    static final AtomicInteger throwLine = new AtomicInteger();
    static final AtomicInteger helperCallLine = new AtomicInteger();
    static final AtomicInteger materializeLine = new AtomicInteger();

    record Odd(int id, Object anything) {
    }

    @Materialize(version = "1")
    static Table badSql() {
        returnLine.set(Frames.nextLine());
        return Table.of(BAD_SQL).name("bad_table");
    }

    @Materialize(version = "1")
    static Table explode() {
        throwLine.set(Frames.nextLine());
        throw new IllegalStateException("explode failed on purpose");
    }

    @Materialize(version = "1")
    static Table explodeInHelper() throws IOException {
        helperCallLine.set(Frames.nextLine());
        return failingHelper();
    }

    private static Table failingHelper() throws IOException {
        throw new IOException("helper failed on purpose");
    }

    @Materialize(version = "1")
    static Table badImperativeSql() {
        materializeLine.set(Frames.nextLine());
        Table step = Table.of(BAD_SQL).name("bad_step").materialize();
        return Table.of("SELECT * FROM " + step.ref()).name("after_step");
    }

    @Materialize(version = "1")
    static Table notAStorableObject() {
        return Table.of(42).name("answer");
    }

    @Materialize(version = "1")
    static Table noRows() {
        return Table.of(List.of()).name("nothing");
    }

    @Materialize(version = "1")
    static Table unstorableColumn() {
        return Table.of(List.of(new Odd(1, new Object()))).name("odd");
    }

    @Materialize(version = "1", nout = 2)
    static List<Table> tooFew() {
        return List.of(Table.of("SELECT 1 AS a").name("only_one"));
    }

    static final AtomicInteger blobLine = new AtomicInteger();

    /** JSON would give the consumer an Integer for the Long. */
    @Materialize(version = "1")
    static dev.dag.Blob untypedBlob() {
        blobLine.set(Frames.nextLine());
        return dev.dag.Blob.of(java.util.Map.of("rows", 5L)).name("counts");
    }

    @Materialize(version = "1")
    static Table nothing() {
        return null;
    }

    /** Runs {@code task} alone in stage "clean" of flow "errors" and returns what the run threw. */
    private static <E extends DagException> E runFails(TestDatabase db, Class<E> type, Supplier<?> task) {
        Flow flow = Flows.oneStage("errors", "clean", task::get);
        return assertThrows(type, () -> flow.run(db.options()));
    }

    @OnEachDatabase
    void sqlErrorNamesTaskTableAndStageAndShowsTheSql(TestDatabase db) {
        MaterializationException e = runFails(db, MaterializationException.class, RunErrorsIT::badSql);

        assertAll(
                () -> assertMessageContains(e, "'badSql'", "'bad_table'", "'clean'", BAD_SQL, "no_such_column"),
                () -> assertEquals(Optional.of("badSql"), e.task()),
                () -> assertEquals(Optional.of("bad_table"), e.table()),
                () -> assertEquals(Optional.of("clean"), e.stage()),
                () -> assertTrue(e.sql().contains(BAD_SQL), e.sql()),
                () -> assertInstanceOf(SQLException.class, e.getCause()),
                () -> assertTopFrameIs(RunErrorsIT.class, "badSql", returnLine.get(), e));
        assertEquals(List.of(), db.tablesIn("clean"));
    }

    @OnEachDatabase
    void aBlobThatWouldNotReadBackAsStoredIsRefusedAtTheReturnLine(TestDatabase db) {
        MaterializationException e = runFails(db, MaterializationException.class, RunErrorsIT::untypedBlob);

        assertAll(
                () -> assertMessageContains(e, "'untypedBlob'", "'counts'", "'clean'",
                        "5 (java.lang.Long) comes back as 5 (java.lang.Integer)", "record"),
                () -> assertTopFrameIs(RunErrorsIT.class, "untypedBlob", blobLine.get(), e));
    }

    @OnEachDatabase
    void taskThatThrowsFailsWithItsOwnExceptionAsCauseAndItsThrowLineOnTop(TestDatabase db) {
        TaskFailedException e = runFails(db, TaskFailedException.class, RunErrorsIT::explode);

        assertAll(
                () -> assertMessageContains(e, "'explode'", "'clean'", "explode failed on purpose"),
                () -> assertEquals(Optional.of("explode"), e.task()),
                () -> assertEquals(Optional.of("clean"), e.stage()),
                () -> assertInstanceOf(IllegalStateException.class, e.getCause()),
                () -> assertEquals("explode failed on purpose", e.getCause().getMessage()),
                () -> assertTopFrameIs(RunErrorsIT.class, "explode", throwLine.get(), e));
        StackTraceElement caller = e.getStackTrace()[1];
        assertTrue(caller.getClassName().equals(RunErrorsIT.class.getName())
                        && caller.getMethodName().startsWith("lambda$runFails"),
                () -> "after the task's line comes the caller of flow.run() in runFails: " + Frames.render(e));
    }

    @OnEachDatabase
    void exceptionFromAHelperPointsAtTheTaskLineThatCalledIt(TestDatabase db) {
        TaskFailedException e = runFails(db, TaskFailedException.class, () -> {
            try {
                return explodeInHelper();
            } catch (IOException impossible) {
                throw new AssertionError(impossible); // the body does not run in the definition
            }
        });

        assertAll(
                () -> assertInstanceOf(IOException.class, e.getCause()),
                () -> assertEquals("failingHelper", e.getCause().getStackTrace()[0].getMethodName(),
                        "the cause keeps its own trace"),
                () -> assertTopFrameIs(RunErrorsIT.class, "explodeInHelper", helperCallLine.get(), e));
    }

    @OnEachDatabase
    void failedImperativeMaterializeIsThrownAtItsLineInTheTask(TestDatabase db) {
        MaterializationException e = runFails(db, MaterializationException.class, RunErrorsIT::badImperativeSql);

        assertAll(
                () -> assertMessageContains(e, "'badImperativeSql'", "'bad_step'", "'clean'", BAD_SQL),
                () -> assertInstanceOf(SQLException.class, e.getCause()),
                () -> assertTopFrameIs(RunErrorsIT.class, "badImperativeSql", materializeLine.get(), e));
    }

    @OnEachDatabase
    void tableOfAnObjectDagCannotStoreIsRefused(TestDatabase db) {
        DefinitionException e = runFails(db, DefinitionException.class, RunErrorsIT::notAStorableObject);

        assertAll(
                () -> assertMessageContains(e, "'notAStorableObject'", "'answer'", "'clean'", "java.lang.Integer",
                        "SQL text"),
                () -> assertEquals(Optional.of("answer"), e.table()),
                () -> assertTopFrameIn(RunErrorsIT.class, e));
    }

    @OnEachDatabase
    void emptyListOfRowsIsRefusedWithAHint(TestDatabase db) {
        DefinitionException e = runFails(db, DefinitionException.class, RunErrorsIT::noRows);

        assertAll(
                () -> assertMessageContains(e, "'noRows'", "'nothing'", "'clean'", "empty", "WHERE false"),
                () -> assertTopFrameIn(RunErrorsIT.class, e));
    }

    @OnEachDatabase
    void rowsWithAColumnTypeDagCannotStoreAreRefused(TestDatabase db) {
        DefinitionException e = runFails(db, DefinitionException.class, RunErrorsIT::unstorableColumn);

        assertAll(
                () -> assertMessageContains(e, "'unstorableColumn'", "'odd'", "'clean'", "'anything'",
                        "java.lang.Object"),
                () -> assertTopFrameIn(RunErrorsIT.class, e));
    }

    @OnEachDatabase
    void listOfTablesOfTheWrongSizeIsRefused(TestDatabase db) {
        DefinitionException e = runFails(db, DefinitionException.class, RunErrorsIT::tooFew);

        assertAll(
                () -> assertMessageContains(e, "'tooFew'", "'clean'", "nout = 2"),
                () -> assertTopFrameIn(RunErrorsIT.class, e));
        assertEquals(List.of(), db.tablesIn("clean"));
    }

    @OnEachDatabase
    void nullInsteadOfATableIsRefused(TestDatabase db) {
        DefinitionException e = runFails(db, DefinitionException.class, RunErrorsIT::nothing);

        assertAll(
                () -> assertMessageContains(e, "'nothing'", "'clean'", "null", "Table.of"),
                () -> assertTopFrameIn(RunErrorsIT.class, e));
    }

    @Test
    void anUnreachableDatabaseIsReportedAtTheRunLineNamingTheInstance() {
        Flow flow = Flows.oneStage("errors", "clean", RunErrorsIT::badSql);
        ConfigContext nowhere = ConfigContext.builder().instance("offline")
                .url("jdbc:postgresql://127.0.0.1:1/none").user("postgres").build();

        ConfigException e = assertThrows(ConfigException.class, () -> flow.run(RunOptions.of(nowhere)));

        assertAll(
                () -> assertMessageContains(e, "'offline'", "127.0.0.1:1", "Check that the database is running"),
                () -> assertTopFrameIn(RunErrorsIT.class, e));
    }
}
