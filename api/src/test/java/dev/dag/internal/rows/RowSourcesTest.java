package dev.dag.internal.rows;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RowSourcesTest {
    enum Status { OPEN, SHIPPED }

    record Order(long id, String customer, int qty, double price, BigDecimal total, boolean paid, LocalDate day,
                 LocalDateTime placed, Instant seen, UUID ref, Status status, Integer discount) {
    }

    record Point(int x, int y) {
    }

    record Other(int x, int y) {
    }

    record WithList(int id, List<String> tags) {
    }

    private static List<Object[]> drain(Iterator<Object[]> rows) {
        List<Object[]> out = new ArrayList<>();
        rows.forEachRemaining(out::add);
        return out;
    }

    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    @Test
    void recordComponentsBecomeTypedColumnsInDeclarationOrder() {
        Order order = new Order(7L, "ada", 3, 2.5, new BigDecimal("7.50"), true, LocalDate.of(2026, 1, 2),
                LocalDateTime.of(2026, 1, 2, 3, 4), Instant.EPOCH, new UUID(1, 2), Status.SHIPPED, null);

        RowSource source = RowSources.of(List.of(order));

        assertEquals(List.of(
                new Column("id", ColumnType.BIGINT), new Column("customer", ColumnType.VARCHAR),
                new Column("qty", ColumnType.INTEGER), new Column("price", ColumnType.DOUBLE),
                new Column("total", ColumnType.DECIMAL), new Column("paid", ColumnType.BOOLEAN),
                new Column("day", ColumnType.DATE), new Column("placed", ColumnType.TIMESTAMP),
                new Column("seen", ColumnType.TIMESTAMPTZ), new Column("ref", ColumnType.UUID),
                new Column("status", ColumnType.VARCHAR), new Column("discount", ColumnType.INTEGER)),
                source.columns());
        List<Object[]> rows = drain(source.rows());
        assertEquals(1, rows.size());
        assertArrayEquals(new Object[] {7L, "ada", 3, 2.5, new BigDecimal("7.50"), true, LocalDate.of(2026, 1, 2),
                LocalDateTime.of(2026, 1, 2, 3, 4), Instant.EPOCH, new UUID(1, 2), Status.SHIPPED, null}, rows.get(0));
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
    void mapColumnsFollowTheFirstRowsKeysAndValuesAreTakenByKey() {
        List<Map<String, Object>> rows = List.of(map("id", 1, "name", "a"), map("name", "b", "id", 2));

        RowSource source = RowSources.of(rows);

        assertEquals(List.of(new Column("id", ColumnType.INTEGER), new Column("name", ColumnType.VARCHAR)),
                source.columns());
        List<Object[]> values = drain(source.rows());
        assertArrayEquals(new Object[] {1, "a"}, values.get(0));
        assertArrayEquals(new Object[] {2, "b"}, values.get(1), "values follow the columns, not each map's order");
    }

    @Test
    void mapColumnIsTypedByTheFirstNonNullValue() {
        List<Map<String, Object>> rows = List.of(map("id", 1, "day", null), map("id", 2, "day", LocalDate.EPOCH));

        RowSource source = RowSources.of(rows);

        assertEquals(new Column("day", ColumnType.DATE), source.columns().get(1));
        List<Object[]> values = drain(source.rows());
        assertArrayEquals(new Object[] {1, null}, values.get(0));
    }

    @Test
    void mapColumnThatIsAlwaysNullBecomesText() {
        RowSource source = RowSources.of(List.of(map("id", 1, "note", null)));

        assertEquals(new Column("note", ColumnType.VARCHAR), source.columns().get(1));
    }

    @Test
    void keyMissingFromALaterMapGivesNull() {
        RowSource source = RowSources.of(List.of(map("id", 1, "name", "a"), map("id", 2)));

        assertArrayEquals(new Object[] {2, null}, drain(source.rows()).get(1));
    }

    @Test
    void emptyListIsRefusedBecauseItHasNoColumns() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> RowSources.of(List.of()));

        assertTrue(error.getMessage().contains("empty"), error.getMessage());
    }

    @Test
    void recordComponentOfUnsupportedTypeIsRefusedNamingTheColumn() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RowSources.of(List.of(new WithList(1, List.of("a")))));

        assertTrue(error.getMessage().contains("column 'tags'"), error.getMessage());
        assertTrue(error.getMessage().contains(List.class.getName()), error.getMessage());
    }

    @Test
    void mapValueOfUnsupportedTypeIsRefusedNamingTheColumn() {
        List<Map<String, Object>> rows = List.of(map("id", 1, "payload", new HashMap<>()));

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> RowSources.of(rows));

        assertTrue(error.getMessage().contains("column 'payload'"), error.getMessage());
    }

    @Test
    void rowsMixingRecordTypesAreRefusedWhileReading() {
        RowSource source = RowSources.of(List.of(new Point(1, 2), new Other(3, 4)));

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> drain(source.rows()));

        assertTrue(error.getMessage().contains(Other.class.getName()), error.getMessage());
    }

    @Test
    void listOfSomethingElseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> RowSources.of(List.of("a", "b")));
    }

    @Test
    void acceptsListsOfRecordsOrMapsOnly() {
        assertTrue(RowSources.accepts(List.of(new Point(1, 2))));
        assertTrue(RowSources.accepts(List.of(map("a", 1))));
        assertTrue(RowSources.accepts(List.of()), "an empty list is accepted here and refused with a message later");
        assertFalse(RowSources.accepts(List.of("SELECT 1")));
        assertFalse(RowSources.accepts("SELECT 1"));
    }
}
