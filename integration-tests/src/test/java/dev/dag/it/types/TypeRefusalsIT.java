package dev.dag.it.types;

import static dev.dag.it.support.Frames.assertTopFrameAt;
import static dev.dag.it.support.Frames.assertTopFrameIs;
import static dev.dag.it.support.Messages.assertMessageContains;
import static dev.dag.it.support.Messages.assertPrintable;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A value that would not come back exactly is refused, on each database, by a DefinitionException at the user's
 * line that names the task, table, stage, column, row index and value, and says what to do; nothing is written.
 * Reading a value into a component that cannot take it exactly is refused the same way, at the line that read it.
 */
class TypeRefusalsIT {
    static final AtomicInteger objLine = new AtomicInteger();
    static final AtomicInteger materializeLine = new AtomicInteger();

    record Stamp(LocalDateTime at) {
    }

    record Day(LocalDate day) {
    }

    record Zoned(OffsetDateTime at) {
    }

    record Note(Optional<String> note) {
    }

    record Money(BigDecimal amount) {
    }

    record Text(String text) {
    }

    record Tagged(int id, List<String> tags) {
    }

    record Cased(int a, int A) {
    }

    record Count(long n) {
    }

    record SmallCount(int n) {
    }

    @Materialize(inputType = SmallCount.class)
    static void readSmall(Table t) {
        objLine.set(Frames.nextLine());
        RoundTrip.seen(t.obj());
    }

    @Materialize
    static Table materializeInTheBody() {
        materializeLine.set(Frames.nextLine());
        Table.of(List.of(new Stamp(LocalDateTime.of(2026, 1, 1, 0, 0, 0, 1)))).name("early").materialize();
        return Table.of("SELECT 1 AS one").name("late");
    }

    /** The query of {@link #moments()}: one row of ordinary values, then one with a value no Java type holds. */
    static volatile String momentsQuery;

    @Materialize
    static Table moments() {
        return Table.of(momentsQuery).name("moments");
    }

    record Moments(int id, LocalDate day, LocalDateTime at, Instant instant, LocalTime clock) {
    }

    /** Each column of {@link Moments}: its SQL type and an ordinary value. */
    private static final Map<String, List<String>> MOMENT_COLUMNS = new LinkedHashMap<>(Map.of(
            "day", List.of("DATE", "2026-01-01"), "at", List.of("TIMESTAMP", "2026-01-01 00:00:00"),
            "instant", List.of("TIMESTAMPTZ", "2026-01-01 00:00:00+00"), "clock", List.of("TIME", "12:00:00")));

    static Stream<Arguments> valuesWithoutAJavaValue() {
        return TestDatabase.eachKind(() -> Stream.of(Arguments.of("day", "infinity"), Arguments.of("day", "-infinity"),
                Arguments.of("at", "infinity"), Arguments.of("at", "-infinity"), Arguments.of("instant", "infinity"),
                Arguments.of("instant", "-infinity"), Arguments.of("clock", "24:00:00")));
    }

    @ParameterizedTest(name = "{0}: {1} = {2}")
    @MethodSource("valuesWithoutAJavaValue")
    void anInfiniteDateOrTheEndOfADayIsRefusedWhenReadNotHandedOnAsAnotherValue(TestDatabase.Kind kind,
                                                                                 String column, String value) {
        momentsQuery = "SELECT 0 AS id, " + momentsRow(null, null) + " UNION ALL SELECT 1, "
                + momentsRow(column, value);
        try (TestDatabase db = TestDatabase.open(kind, "unreadable")) {
            Written written = writtenAlone(db, TypeRefusalsIT::moments);

            for (Class<?> type : List.of(Map.class, Moments.class)) {
                int line = Frames.nextLine() + 1; // the line of the read, the lambda's
                DefinitionException e = assertThrows(DefinitionException.class,
                        () -> written.result().rows(written.table(), type));

                assertAll(
                        () -> assertMessageContains(e, "'moments'", "'w'", "column '" + column + "'",
                                "row index 1", "value " + value, "Replace it in SQL"),
                        () -> assertPrintable(e),
                        () -> assertTopFrameAt(TypeRefusalsIT.class, line, e));
            }
        }
    }

    @Materialize
    static Table amounts() {
        return Table.of(momentsQuery).name("amounts");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"NaN", "Infinity", "-Infinity"})
    void aNumericNaNOrInfinityOnPostgresIsRefusedWhenReadNotHandedOnAsADouble(String value) {
        momentsQuery = "SELECT 0 AS id, CAST(1.5 AS NUMERIC) AS amount UNION ALL SELECT 1, CAST('" + value
                + "' AS NUMERIC)";
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "unreadable")) {
            Written written = writtenAlone(db, TypeRefusalsIT::amounts);

            for (Class<?> type : List.of(Map.class, Money.class)) {
                DefinitionException e = assertThrows(DefinitionException.class,
                        () -> written.result().rows(written.table(), type));

                assertMessageContains(e, "'amounts'", "'w'", "column 'amount'", "row index 1", "value " + value,
                        "BigDecimal", "NULLIF");
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"TIMESTAMP_NS, infinity", "TIMESTAMP_NS, -infinity", "TIMESTAMP_MS, infinity",
            "TIMESTAMP_MS, -infinity", "TIMESTAMP_S, infinity", "TIMESTAMP_S, -infinity"})
    void anInfiniteTimestampOfAnotherPrecisionOnDuckDbIsRefusedWhenRead(String type, String value) {
        momentsQuery = "SELECT 0 AS id, CAST('2026-01-01 00:00:00' AS " + type + ") AS at UNION ALL SELECT 1, CAST('"
                + value + "' AS " + type + ")";
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.DUCKDB, "unreadable")) {
            Written written = writtenAlone(db, TypeRefusalsIT::moments);

            DefinitionException e = assertThrows(DefinitionException.class,
                    () -> written.result().rows(written.table(), Map.class));

            assertMessageContains(e, "'moments'", "column 'at'", "row index 1", "infinity",
                    "infinite " + type.toLowerCase());
        }
    }

    /** A run's result and the table its one task wrote. */
    record Written(Result result, Table table) {
    }

    /** Runs {@code task} alone, in stage "w". */
    private static Written writtenAlone(TestDatabase db, Supplier<Table> task) {
        Table table;
        Flow flow = new Flow("unreadable");
        try (flow) {
            try (Stage stage = new Stage("w")) {
                table = task.get();
            }
        }
        return new Written(db.run(flow), table);
    }

    /** The columns of {@link Moments} as SQL, ordinary values but {@code value} in {@code column}. */
    private static String momentsRow(String column, String value) {
        return MOMENT_COLUMNS.entrySet().stream().map(each -> "CAST('" + (each.getKey().equals(column) ? value
                : each.getValue().get(1)) + "' AS " + each.getValue().get(0) + ") AS " + each.getKey())
                .collect(Collectors.joining(", "));
    }

    static Stream<Arguments> refusedWrites() {
        return TestDatabase.eachKind(() -> Stream.of(
                Arguments.of("a timestamp with nanoseconds",
                        List.of(new Stamp(LocalDateTime.of(2026, 3, 29, 2, 30)),
                                new Stamp(LocalDateTime.of(2026, 3, 29, 2, 30, 0, 123_456_789))),
                        List.of("column 'at'", "row index 1", "2026-03-29T02:30:00.123456789", "truncatedTo")),
                Arguments.of("a date before PostgreSQL's first", List.of(new Day(LocalDate.of(-5000, 1, 1))),
                        List.of("column 'day'", "row index 0", "-5000-01-01", "-4713-11-24")),
                Arguments.of("an offset other than UTC", List.of(new Zoned(OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0,
                                ZoneOffset.ofHours(2)))),
                        List.of("column 'at'", "row index 0", "+02:00", "withOffsetSameInstant")),
                Arguments.of("a String after an Integer", List.of(Map.of("a", 1), Map.of("a", "x")),
                        List.of("column 'a'", "row index 1", "\"x\"", "a String", "an Integer")),
                Arguments.of("a long without an exact double", List.of(Map.of("a", 0.5), Map.of("a", Long.MAX_VALUE)),
                        List.of("column 'a'", "row index 1", "9223372036854775807", "no exact double")),
                Arguments.of("a null Optional", List.of(new Note(Optional.empty()), new Note(null)),
                        List.of("column 'note'", "row index 1", "Optional.empty()")),
                Arguments.of("a decimal of 39 digits", List.of(new Money(new BigDecimal("1." + "0".repeat(38)))),
                        List.of("column 'amount'", "row index 0", "39 digits", "38")),
                Arguments.of("an unpaired surrogate", List.of(new Text("ok \uD800")),
                        List.of("column 'text'", "row index 0", "\"ok \\ud800\"", "unpaired surrogate")),
                Arguments.of("a nested list", List.of(new Tagged(1, List.of("a"))),
                        List.of("column 'tags'", "java.util.List", "table of their own")),
                Arguments.of("components that become one column", List.of(new Cased(1, 2)),
                        List.of("column 'a'", "components a and A of Cased both become this column", "snake_case",
                                "docs/types.md#column-names"))));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("refusedWrites")
    void aValueThatWouldNotComeBackExactlyIsRefusedAtTheTasksReturn(TestDatabase.Kind kind, String what, List<?> rows,
                                                                     List<String> named) {
        try (TestDatabase db = TestDatabase.open(kind, "refusals")) {
            DefinitionException e = assertThrows(DefinitionException.class,
                    () -> RoundTrip.run(db, rows, table -> { }));

            assertAll(
                    () -> assertMessageContains(e, "'written'", "'t'", "'w'", "cannot store exactly"),
                    () -> assertMessageContains(e, named.toArray(String[]::new)),
                    () -> assertPrintable(e),
                    () -> assertEquals(Optional.of("written"), e.task()),
                    () -> assertEquals(Optional.of("t"), e.table()),
                    () -> assertEquals(Optional.of("w"), e.stage()),
                    () -> assertTopFrameIs(RoundTrip.class, "written", RoundTrip.returnLine.get(), e));
            assertEquals(List.of(), db.tablesIn("w"), "nothing of the refused stage is published");
            assertEquals(List.of(), db.tablesIn("dag_data"), "and the partly loaded table is gone");
        }
    }

    @OnEachDatabase
    void aValueRefusedInTheBodyIsReportedAtTheMaterializeLine(TestDatabase db) {
        DefinitionException e = assertThrows(DefinitionException.class,
                () -> RoundTrip.run(db, List.of(new Count(1)), table -> materializeInTheBody()));

        assertAll(
                () -> assertMessageContains(e, "'materializeInTheBody'", "'early'", "'r'", "column 'at'",
                        "row index 0", "2026-01-01T00:00:00.000000001"),
                () -> assertTopFrameIs(TypeRefusalsIT.class, "materializeInTheBody", materializeLine.get(), e));
    }

    @OnEachDatabase
    void aTableRefusedWhileItLoadsOutsideARunLeavesNoTableBehind(TestDatabase db) {
        List<Stamp> rows = List.of(new Stamp(LocalDateTime.of(2026, 1, 1, 0, 0)),
                new Stamp(LocalDateTime.of(2026, 1, 1, 0, 0, 0, 1)));
        MaterializeOptions into = MaterializeOptions.defaults().config(db.config()).schema(db.schema("scratch"));

        int line = Frames.nextLine() + 1;
        DefinitionException e = assertThrows(DefinitionException.class,
                () -> Table.of(rows).name("stamps").materialize(into));

        assertAll(
                () -> assertMessageContains(e, "'stamps'", "column 'at'", "row index 1"),
                () -> assertTopFrameAt(TypeRefusalsIT.class, line, e));
        assertEquals(List.of(), db.tablesIn("scratch"), "the partly loaded table is dropped");
    }

    @OnEachDatabase
    void aValueTheInputTypeCannotTakeIsRefusedAtTheObjCall(TestDatabase db) {
        DefinitionException e = assertThrows(DefinitionException.class,
                () -> RoundTrip.run(db, List.of(new Count(1), new Count(10_000_000_000L)), TypeRefusalsIT::readSmall));

        assertAll(
                () -> assertMessageContains(e, "'readSmall'", "'t'", "'w'", "SmallCount", "column 'n'", "row index",
                        "10000000000", "SmallCount.n (int)"),
                () -> assertTopFrameIs(TypeRefusalsIT.class, "readSmall", objLine.get(), e));
    }

    @OnEachDatabase
    void aValueTheRecordCannotTakeIsRefusedAtTheRowsCall(TestDatabase db) {
        RoundTrip.Run run = RoundTrip.run(db, List.of(new Count(10_000_000_000L)), table -> { });

        int line = Frames.nextLine() + 1;
        DefinitionException e = assertThrows(DefinitionException.class,
                () -> run.result().rows(run.table(), SmallCount.class));

        assertAll(
                () -> assertMessageContains(e, "Cannot read table 't' of stage 'w' as SmallCount exactly",
                        "column 'n'", "row index 0", "value 10000000000", "int"),
                () -> assertTopFrameAt(TypeRefusalsIT.class, line, e));
    }
}
