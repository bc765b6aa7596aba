package dev.dag.it;

import static dev.dag.it.support.Frames.assertTopFrameIn;
import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.Dag;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.RunContext;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskFailedException;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A {@code null} where dag expects a row or a table: a clear error naming task, table, stage and the row, at the
 * user's line, never dag's own {@code NullPointerException}.
 */
class NullRowsIT {
    record Row(int id, String name) {
    }

    @Materialize(version = "1")
    static Table recordsWithANull() {
        return Table.of(Arrays.asList(new Row(1, "a"), new Row(2, "b"), null)).name("people");
    }

    @Materialize(version = "1")
    static Table mapsWithANull() {
        return Table.of(Arrays.asList(Map.of("id", 1), null)).name("people");
    }

    @Materialize(version = "1")
    static Table nullFirst() {
        return Table.of(Arrays.asList(null, new Row(1, "a"))).name("people");
    }

    @Materialize(lazy = true)
    static Table lazyRecordsWithANull() {
        return Table.of(Arrays.asList(new Row(1, "a"), null)).name("people");
    }

    @Materialize(version = "1")
    static Table materializedWithANull() {
        Table people = Table.of(Arrays.asList(new Row(1, "a"), null)).name("people").materialize();
        return Table.of("SELECT * FROM " + people.ref()).name("copy");
    }

    @Materialize(version = "1")
    static Table groupWithANullTable() {
        Table one = Table.of("SELECT 1 AS n").name("one");
        List<Table> written = Dag.materialize(one, null);
        return written.get(0);
    }

    @Materialize(version = "1")
    static Table namedGroupWithANullTable() {
        Map<String, Table> tables = new LinkedHashMap<>();
        tables.put("one", Table.of("SELECT 1 AS n"));
        tables.put("missing", null);
        return Dag.materialize(tables).get("one");
    }

    @Materialize(version = "1")
    static Table tableOfNull() {
        return Table.of(null).name("nothing");
    }

    private static DagException runFails(TestDatabase db, Runnable task) {
        Flow flow = Flows.oneStage("nulls", "clean", task);
        return assertThrows(DagException.class, () -> flow.run(db.options()));
    }

    private static void assertNamesTheRow(DagException e, String task, long row) {
        assertAll(
                () -> assertEquals(DefinitionException.class, e.getClass(), () -> "a definition error: " + e),
                () -> assertMessageContains(e, "'" + task + "'", "'people'", "'clean'", "row index " + row, "null"),
                () -> assertEquals(Optional.of(task), e.task()),
                () -> assertEquals(Optional.of("people"), e.table()),
                () -> assertEquals(Optional.of("clean"), e.stage()),
                () -> assertTopFrameIn(NullRowsIT.class, e));
    }

    /** Each task returning or materializing rows with a null, and the index of that row. */
    static Stream<Arguments> tasksWithANullRow() {
        return TestDatabase.eachKind(() -> Stream.of(
                Arguments.of("recordsWithANull", (Runnable) NullRowsIT::recordsWithANull, 2),
                Arguments.of("mapsWithANull", (Runnable) NullRowsIT::mapsWithANull, 1),
                Arguments.of("nullFirst", (Runnable) NullRowsIT::nullFirst, 0),
                Arguments.of("lazyRecordsWithANull", (Runnable) NullRowsIT::lazyRecordsWithANull, 1),
                Arguments.of("materializedWithANull", (Runnable) NullRowsIT::materializedWithANull, 1)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("tasksWithANullRow")
    void aNullRowNamesTaskTableStageAndRow(TestDatabase.Kind kind, String task, Runnable call, int row) {
        try (TestDatabase db = TestDatabase.open(kind, "null-rows")) {
            assertNamesTheRow(runFails(db, call), task, row);
        }
    }

    @OnEachDatabase
    void aNullRowInAnEagerRunNamesTaskTableStageAndRow(TestDatabase db) {
        DagException e = assertThrows(DagException.class, () -> {
            try (RunContext run = RunContext.open(db.config(), "nulls")) {
                try (Stage clean = new Stage("clean")) {
                    recordsWithANull();
                }
            }
        });
        assertNamesTheRow(e, "recordsWithANull", 2);
    }

    @OnEachDatabase
    void aNullTableInDagMaterializeNamesTheTaskAndPosition(TestDatabase db) {
        DagException e = runFails(db, NullRowsIT::groupWithANullTable);

        assertAll(
                () -> assertEquals(DefinitionException.class, e.getClass(), () -> "a definition error: " + e),
                () -> assertMessageContains(e, "'groupWithANullTable'", "'clean'", "Dag.materialize", "null",
                        "position 1"),
                () -> assertTopFrameIn(NullRowsIT.class, e));
    }

    @OnEachDatabase
    void aNullTableInDagMaterializeOfAMapNamesTheTaskAndKey(TestDatabase db) {
        DagException e = runFails(db, NullRowsIT::namedGroupWithANullTable);

        assertAll(
                () -> assertEquals(DefinitionException.class, e.getClass(), () -> "a definition error: " + e),
                () -> assertMessageContains(e, "'namedGroupWithANullTable'", "'clean'", "key 'missing'"),
                () -> assertTopFrameIn(NullRowsIT.class, e));
    }

    @Test
    void aNullTableInDagMaterializeOutsideARunIsRefusedWithItsPosition() {
        DefinitionException e = assertThrows(DefinitionException.class,
                () -> Dag.materialize(Table.of("SELECT 1 AS n"), null));

        assertMessageContains(e, "Dag.materialize", "null", "position 1");
        assertTopFrameIn(NullRowsIT.class, e);
    }

    /** {@code Table.of(null)} is Java's null-argument check, reported as the task's failure with its line. */
    @OnEachDatabase
    void tableOfNullFailsTheTaskSayingWhatToPass(TestDatabase db) {
        DagException e = runFails(db, NullRowsIT::tableOfNull);

        assertAll(
                () -> assertEquals(TaskFailedException.class, e.getClass(), () -> "the task's failure: " + e),
                () -> assertInstanceOf(NullPointerException.class, e.getCause()),
                () -> assertMessageContains(e, "'tableOfNull'", "'clean'", "SQL text, a TableRef or a List of rows"),
                () -> assertEquals("tableOfNull", e.getStackTrace()[0].getMethodName(), () -> Frames.render(e)),
                () -> assertTopFrameIn(NullRowsIT.class, e));
    }
}
