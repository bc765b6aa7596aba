package dev.dag.internal.rows;

import static dev.dag.internal.rows.RowSourcesTest.drain;
import static dev.dag.internal.rows.RowSourcesTest.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.store.dialect.Column;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Every value a column would not hold exactly is refused, naming the column, the row and the value. */
class RowRefusalsTest {
    record Text(String text) {
    }

    record Letter(char letter) {
    }

    record Stamp(LocalDateTime at) {
    }

    record Day(LocalDate day) {
    }

    record Clock(LocalTime at) {
    }

    record Moment(Instant at) {
    }

    record Zoned(OffsetDateTime at) {
    }

    record Maybe(Optional<String> note) {
    }

    record Nested(int id, List<String> tags) {
    }

    record Nothing(Object anything) {
    }

    record NestedOptional(Optional<Optional<String>> note) {
    }

    record Cased(int a, int A) {
    }

    record Spelled(int shippedOn, int shipped_on) {
    }

    record Money(BigDecimal amount) {
    }

    /** The refusal that storing {@code rows} throws (while their values are read). */
    private static ValueRefusal refusedRow(List<?> rows) {
        return assertThrows(ValueRefusal.class, () -> drain(RowSources.of(rows).rows()));
    }

    private static ValueRefusal refusedColumns(Supplier<?> rows) {
        return assertThrows(ValueRefusal.class, rows::get);
    }

    private static void assertNames(ValueRefusal refusal, String column, long row, String... parts) {
        assertEquals(Optional.of(column), refusal.column(), refusal.getMessage());
        assertEquals(row, refusal.row().orElseThrow(), refusal.getMessage());
        for (String part : parts) {
            assertTrue(refusal.getMessage().contains(part), () -> "lacks \"" + part + "\": " + refusal.getMessage());
        }
    }

    @Test
    void textWithANulCharacterIsRefusedOnEveryDatabase() {
        ValueRefusal refusal = refusedRow(List.of(new Text("ok"), new Text("a\u0000b")));

        assertNames(refusal, "text", 1, "value \"a\\u0000b\"", "U+0000", "PostgreSQL");
    }

    @Test
    void textWithAnUnpairedSurrogateIsRefused() {
        assertNames(refusedRow(List.of(new Text("x\uD800"))), "text", 0, "unpaired surrogate", "\\ud800");
        assertNames(refusedRow(List.of(new Letter('\uDC00'))), "letter", 0, "unpaired surrogate");
    }

    @Test
    void textOutsideTheBasicPlaneIsStored() {
        List<Object[]> rows = drain(RowSources.of(List.of(new Text("\uD83D\uDE00 \u00e9"))).rows());

        assertEquals("\uD83D\uDE00 \u00e9", rows.get(0)[0]);
    }

    @Test
    void timesFinerThanAMicrosecondAreRefusedNotRounded() {
        assertNames(refusedRow(List.of(new Stamp(LocalDateTime.of(2026, 3, 29, 2, 30, 0, 123_456_789)))), "at", 0,
                "value 2026-03-29T02:30:00.123456789", "microsecond", "truncatedTo(ChronoUnit.MICROS)");
        assertNames(refusedRow(List.of(new Clock(LocalTime.MAX))), "at", 0, "microsecond");
        assertNames(refusedRow(List.of(new Moment(Instant.ofEpochSecond(0, 1)))), "at", 0, "microsecond");
    }

    @Test
    void datesAndTimesOutsideWhatBothDatabasesHoldAreRefused() {
        assertNames(refusedRow(List.of(new Day(LocalDate.of(-4713, 11, 23)))), "day", 0, "-4713-11-24");
        assertNames(refusedRow(List.of(new Day(LocalDate.MAX))), "day", 0, "+5874897-12-31");
        assertNames(refusedRow(List.of(new Stamp(TimeLimits.LAST_TIMESTAMP.plusNanos(1000)))), "at", 0, "+294247");
        assertNames(refusedRow(List.of(new Moment(Instant.MIN))), "at", 0, "instants");
    }

    @Test
    void anOffsetDateTimeAwayFromUtcIsRefusedBecauseItsOffsetWouldBeLost() {
        ValueRefusal refusal = refusedRow(List.of(new Zoned(OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0,
                ZoneOffset.ofHours(2)))));

        assertNames(refusal, "at", 0, "+02:00", "withOffsetSameInstant(ZoneOffset.UTC)");
    }

    @Test
    void aNullOptionalIsRefusedBecauseItWouldComeBackEmpty() {
        assertNames(refusedRow(List.of(new Maybe(Optional.of("x")), new Maybe(null))), "note", 1,
                "Optional.empty()");
    }

    @Test
    void nestedValuesAreRefusedNamingTheColumnAndTheWayOut() {
        ValueRefusal records = refusedColumns(() -> RowSources.of(List.of(new Nested(1, List.of("a")))));
        ValueRefusal maps = refusedRow(List.of(map("id", 1, "payload", new HashMap<>())));

        assertEquals(Optional.of("tags"), records.column());
        assertTrue(records.getMessage().contains("table of their own"), records.getMessage());
        assertNames(maps, "payload", 0, "java.util.HashMap", "table of their own");
        assertTrue(refusedColumns(() -> RowSources.of(List.of(new Nothing(1)))).getMessage()
                .contains("java.lang.Object"));
        assertTrue(refusedColumns(() -> RowSources.of(List.of(new NestedOptional(Optional.empty())))).getMessage()
                .contains("Optional<java.util.Optional<java.lang.String>>"));
    }

    @Test
    void aStringAfterAnIntegerIsRefusedNamingBothTypesAndRows() {
        ValueRefusal refusal = refusedColumns(() -> RowSources.of(List.of(Map.of("a", 1), Map.of("a", 2),
                Map.of("a", "three"))));

        assertEquals("column 'a', row index 2, value \"three\": it is a String, and row index 0 holds an Integer: "
                + "no column type holds both unchanged. Give the column values of one type (integers mix with each "
                + "other, with BigDecimal or with floating-point values, and nothing else mixes)", refusal.getMessage());
    }

    @Test
    void aNumberMixedWithTextIsRefusedEvenAfterAWidening() {
        ValueRefusal refusal = refusedColumns(() -> RowSources.of(List.of(Map.of("a", 1), Map.of("a", 2L),
                Map.of("a", true))));

        assertNames(refusal, "a", 2, "a Boolean", "row index 0 holds an Integer");
    }

    @Test
    void decimalsAndFloatingPointValuesDoNotMix() {
        ValueRefusal refusal = refusedColumns(() -> RowSources.of(List.of(Map.of("a", new BigDecimal("1.5")),
                Map.of("a", 2.5))));

        assertNames(refusal, "a", 1, "a Double", "row index 0 holds a BigDecimal");
    }

    @Test
    void aLongWithoutAnExactDoubleIsRefusedInADoubleColumn() {
        ValueRefusal refusal = refusedRow(List.of(Map.of("a", 0.5), Map.of("a", (1L << 53) + 1)));

        assertNames(refusal, "a", 1, "9007199254740993", "no exact double");
    }

    @Test
    void namesThatBecomeOneColumnAreRefused() {
        ValueRefusal records = refusedColumns(() -> RowSources.of(List.of(new Cased(1, 2))));
        ValueRefusal maps = refusedColumns(() -> RowSources.of(List.of(Map.of("id", 1), Map.of("ID", 2))));
        ValueRefusal spellings = refusedColumns(() -> RowSources.of(List.of(new Spelled(1, 2))));

        assertTrue(records.getMessage().contains("components a and A of Cased both become this column"),
                records.getMessage());
        assertEquals(Optional.of("id"), maps.column());
        assertTrue(maps.getMessage().contains("keys 'id' and 'ID'"), maps.getMessage());
        assertEquals(Optional.of("shipped_on"), spellings.column());
    }

    @Test
    void columnNamesNoDatabaseKeepsAreRefused() {
        assertTrue(refusedColumns(() -> RowSources.of(List.of(Map.of("", 1)))).getMessage().contains("empty"));
        assertTrue(refusedColumns(() -> RowSources.of(List.of(Map.of("x".repeat(64), 1)))).getMessage()
                .contains("63 bytes"));
        assertTrue(refusedColumns(() -> RowSources.of(List.of(Map.of("a\nb", 1)))).getMessage()
                .contains("control character"));
    }

    @Test
    void mapKeysMustBeStrings() {
        ValueRefusal refusal = refusedColumns(() -> RowSources.of(List.of(Map.of(1, "one"))));

        assertEquals(0, refusal.row().orElseThrow());
        assertTrue(refusal.getMessage().contains("java.lang.Integer"), refusal.getMessage());
    }

    @Test
    void aNullRowIsRefusedNamingIt() {
        assertEquals(1, refusedColumns(() -> RowSources.of(Arrays.asList(map("a", 1), null))).row().orElseThrow());
        assertEquals(1, refusedRow(Arrays.asList(new Text("a"), null)).row().orElseThrow());
    }

    @Test
    void aDeclaredDecimalForAColumnTheRowsLackIsRefused() {
        ValueRefusal refusal = refusedColumns(() -> RowSources.of(List.of(new Money(BigDecimal.ONE)),
                List.of(Column.decimal("amout", 10, 2))));

        assertTrue(refusal.getMessage().contains("[amount]"), refusal.getMessage());
    }

    @Test
    void aDeclaredDecimalForTextIsRefused() {
        ValueRefusal refusal = refusedColumns(() -> RowSources.of(List.of(new Text("a")),
                List.of(Column.decimal("text", 10, 2))));

        assertTrue(refusal.getMessage().contains("java.lang.String"), refusal.getMessage());
    }
}
