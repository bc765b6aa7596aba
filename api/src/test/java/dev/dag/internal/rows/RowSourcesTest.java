package dev.dag.internal.rows;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The columns and values dag stores for a list of records or maps (docs/types.md). */
class RowSourcesTest {
    enum Status {
        OPEN, SHIPPED;

        @Override
        public String toString() {
            return "status " + ordinal();
        }
    }

    record Order(long id, String customer, int qty, double price, BigDecimal total, boolean paid, LocalDate day,
                 LocalDateTime placed, Instant seen, UUID ref, Status status, Integer discount, byte level,
                 char initial, float weight, BigInteger count, LocalTime at, OffsetDateTime utc, byte[] raw,
                 Optional<String> note) {
    }

    record Point(int x, int y) {
    }

    record Other(int x, int y) {
    }

    static List<Object[]> drain(Iterator<Object[]> rows) {
        List<Object[]> out = new ArrayList<>();
        rows.forEachRemaining(out::add);
        return out;
    }

    static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static List<Column> columnsOf(List<?> rows) {
        return RowSources.of(rows).columns();
    }

    @Test
    void recordComponentsBecomeTypedColumnsInDeclarationOrder() {
        byte[] raw = {1, 2};
        Order order = new Order(7L, "ada", 3, 2.5, new BigDecimal("7.50"), true, LocalDate.of(2026, 1, 2),
                LocalDateTime.of(2026, 1, 2, 3, 4), Instant.EPOCH, new UUID(1, 2), Status.SHIPPED, null, (byte) 4,
                'z', 1.5f, BigInteger.TEN, LocalTime.NOON, OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC),
                raw, Optional.of("n"));

        RowSource source = RowSources.of(List.of(order));

        assertEquals(List.of(
                new Column("id", ColumnType.BIGINT), new Column("customer", ColumnType.VARCHAR),
                new Column("qty", ColumnType.INTEGER), new Column("price", ColumnType.DOUBLE),
                Column.decimal("total", 3, 2), new Column("paid", ColumnType.BOOLEAN),
                new Column("day", ColumnType.DATE), new Column("placed", ColumnType.TIMESTAMP),
                new Column("seen", ColumnType.TIMESTAMPTZ), new Column("ref", ColumnType.UUID),
                new Column("status", ColumnType.VARCHAR), new Column("discount", ColumnType.INTEGER),
                new Column("level", ColumnType.SMALLINT), new Column("initial", ColumnType.VARCHAR),
                new Column("weight", ColumnType.REAL), Column.decimal("count", 2, 0),
                new Column("at", ColumnType.TIME), new Column("utc", ColumnType.TIMESTAMPTZ),
                new Column("raw", ColumnType.BLOB), new Column("note", ColumnType.VARCHAR)),
                source.columns());
        assertArrayEquals(new Object[] {7L, "ada", 3, 2.5, new BigDecimal("7.50"), true, LocalDate.of(2026, 1, 2),
                LocalDateTime.of(2026, 1, 2, 3, 4), Instant.EPOCH, new UUID(1, 2), "SHIPPED", null, (short) 4, "z",
                1.5f, BigDecimal.TEN, LocalTime.NOON, Instant.parse("2026-01-02T03:04:05Z"), raw, "n"},
                drain(source.rows()).get(0));
    }

    @Test
    void everyValueIsOfItsColumnTypesValueType() {
        Order order = new Order(7L, "ada", 3, 2.5, new BigDecimal("7.5"), true, LocalDate.EPOCH,
                LocalDateTime.MIN.withYear(1), Instant.EPOCH, new UUID(1, 2), Status.OPEN, 1, (byte) 4, 'z', 1.5f,
                BigInteger.ONE, LocalTime.NOON, Instant.EPOCH.atOffset(ZoneOffset.UTC), new byte[0], Optional.empty());

        RowSource source = RowSources.of(List.of(order));

        Object[] values = drain(source.rows()).get(0);
        for (int i = 0; i < values.length; i++) {
            Column column = source.columns().get(i);
            if (values[i] != null) {
                assertTrue(column.type().valueType().isInstance(values[i]), column + ": " + values[i].getClass());
            }
        }
    }

    @Test
    void recordRowsAreProducedInListOrder() {
        RowSource source = RowSources.of(List.of(new Point(1, 2), new Point(3, 4), new Point(5, 6)));

        List<Object[]> rows = drain(source.rows());

        assertEquals(3, rows.size());
        assertArrayEquals(new Object[] {1, 2}, rows.get(0));
        assertArrayEquals(new Object[] {5, 6}, rows.get(2));
    }

    @Test
    void mapColumnsAreTheKeysOfEveryRowInTheOrderTheyFirstAppear() {
        RowSource source = RowSources.of(List.of(Map.of("a", 1), map("a", 2, "b", 3), map("c", "x", "a", 4)));

        assertEquals(List.of(new Column("a", ColumnType.INTEGER), new Column("b", ColumnType.INTEGER),
                new Column("c", ColumnType.VARCHAR)), source.columns());
        List<Object[]> values = drain(source.rows());
        assertArrayEquals(new Object[] {1, null, null}, values.get(0));
        assertArrayEquals(new Object[] {2, 3, null}, values.get(1));
        assertArrayEquals(new Object[] {4, null, "x"}, values.get(2), "values follow the columns, not each map");
    }

    @Test
    void mapColumnIsTypedByEveryValueNotOnlyTheFirst() {
        RowSource source = RowSources.of(List.of(map("id", 1, "day", null), map("id", 2, "day", LocalDate.EPOCH)));

        assertEquals(new Column("day", ColumnType.DATE), source.columns().get(1));
        assertArrayEquals(new Object[] {1, null}, drain(source.rows()).get(0));
    }

    @Test
    void mapColumnThatIsAlwaysNullBecomesText() {
        assertEquals(new Column("note", ColumnType.VARCHAR), columnsOf(List.of(map("id", 1, "note", null))).get(1));
    }

    @Test
    void integersWidenToTheWidestIntegerOfTheColumn() {
        RowSource source = RowSources.of(List.of(Map.of("n", (short) 1), Map.of("n", 2), Map.of("n", 10_000_000_000L)));

        assertEquals(List.of(new Column("n", ColumnType.BIGINT)), source.columns());
        assertEquals(List.of(1L, 2L, 10_000_000_000L), drain(source.rows()).stream().map(row -> row[0]).toList());
    }

    @Test
    void integersAndDoublesWidenToDouble() {
        RowSource source = RowSources.of(List.of(Map.of("n", 1), Map.of("n", 2.75), Map.of("n", 1L << 53)));

        assertEquals(List.of(new Column("n", ColumnType.DOUBLE)), source.columns());
        assertEquals(List.of(1.0, 2.75, 0x1p53), drain(source.rows()).stream().map(row -> row[0]).toList());
    }

    @Test
    void floatsAloneStayRealAndWidenToDoubleWithOtherNumbers() {
        assertEquals(ColumnType.REAL, columnsOf(List.of(Map.of("n", 1.5f))).get(0).type());
        RowSource mixed = RowSources.of(List.of(Map.of("n", 1.1f), Map.of("n", 2.0)));

        assertEquals(ColumnType.DOUBLE, mixed.columns().get(0).type());
        assertEquals((double) 1.1f, drain(mixed.rows()).get(0)[0], "a float widens to its exact double");
    }

    @Test
    void integersAndDecimalsWidenToADecimalHoldingAllOfThem() {
        RowSource source = RowSources.of(List.of(Map.of("n", 10_000_000_000L), Map.of("n", new BigDecimal("2.75")),
                Map.of("n", -7)));

        assertEquals(List.of(Column.decimal("n", 13, 2)), source.columns());
        assertEquals(List.of(new BigDecimal("10000000000.00"), new BigDecimal("2.75"), new BigDecimal("-7.00")),
                drain(source.rows()).stream().map(row -> row[0]).toList());
    }

    @Test
    void instantsAndUtcOffsetDateTimesShareATimestamptzColumn() {
        RowSource source = RowSources.of(List.of(Map.of("at", Instant.EPOCH),
                Map.of("at", Instant.EPOCH.atOffset(ZoneOffset.UTC))));

        assertEquals(List.of(new Column("at", ColumnType.TIMESTAMPTZ)), source.columns());
        assertEquals(List.of(Instant.EPOCH, Instant.EPOCH), drain(source.rows()).stream().map(row -> row[0]).toList());
    }

    @Test
    void optionalMapValuesAreStoredAsTheirContentOrNull() {
        RowSource source = RowSources.of(List.of(map("n", Optional.of(3)), map("n", Optional.empty())));

        assertEquals(List.of(new Column("n", ColumnType.INTEGER)), source.columns());
        assertEquals(java.util.Arrays.asList(3, null), drain(source.rows()).stream().map(row -> row[0]).toList());
    }

    @Test
    void declaredDecimalReplacesTheInferredPrecisionAndScale() {
        RowSource source = RowSources.of(List.of(Map.of("n", new BigDecimal("1.5")), Map.of("n", 2)),
                List.of(Column.decimal("n", 12, 4)));

        assertEquals(List.of(Column.decimal("n", 12, 4)), source.columns());
        assertEquals(List.of(new BigDecimal("1.5000"), new BigDecimal("2.0000")),
                drain(source.rows()).stream().map(row -> row[0]).toList());
    }

    @Test
    void acceptsListsOfRecordsOrMapsOnly() {
        assertTrue(RowSources.accepts(List.of(new Point(1, 2))));
        assertTrue(RowSources.accepts(List.of(map("a", 1))));
        assertTrue(RowSources.accepts(List.of()), "an empty list is accepted here and refused with a message later");
        assertFalse(RowSources.accepts(List.of("SELECT 1")));
        assertFalse(RowSources.accepts("SELECT 1"));
    }

    @Test
    void rowsMixingRecordTypesAreRefusedNamingTheRow() {
        RowSource source = RowSources.of(List.of(new Point(1, 2), new Other(3, 4)));

        ValueRefusal refusal = assertThrows(ValueRefusal.class, () -> drain(source.rows()));

        assertEquals(1, refusal.row().orElseThrow());
        assertTrue(refusal.getMessage().contains(Other.class.getName()), refusal.getMessage());
    }

    @Test
    void emptyListIsRefusedBecauseItHasNoColumns() {
        ValueRefusal refusal = assertThrows(ValueRefusal.class, () -> RowSources.of(List.of()));

        assertTrue(refusal.getMessage().contains("empty"), refusal.getMessage());
    }
}
