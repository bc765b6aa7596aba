package dev.dag.internal.rows;

import static dev.dag.testing.DuckDbFiles.connect;
import static dev.dag.testing.DuckDbFiles.execute;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.internal.rows.read.RowReader;
import dev.dag.internal.store.dialect.duckdb.DuckDbDialect;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
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
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows written the way dag writes in-memory tables (RowSources, then DuckDB's appender) read back equal through
 * RowReader, edge values included. The same on PostgreSQL is proven by the integration tests.
 */
class RowsRoundTripTest {
    private final DuckDbDialect dialect = new DuckDbDialect();

    @TempDir
    Path dir;

    enum Status { OPEN, SHIPPED }

    enum Shouting {
        LOUD {
            @Override
            public String toString() {
                return "loud!";
            }
        }
    }

    record Basic(long id, Integer qty, String name, double price, boolean paid, short rank, float weight,
                 Status status, byte level, char initial, Shouting mood) {
    }

    record Floating(double d, float f) {
    }

    record Limits(byte b, short s, int i, long l) {
    }

    record Times(LocalDate day, LocalTime time, LocalDateTime placed, Instant seen, OffsetDateTime utc) {
    }

    record Money(BigDecimal amount, BigInteger count) {
    }

    record Other(UUID ref, byte[] bytes, Optional<String> note) {
    }

    record Shipment(long orderId, LocalDate shippedOn, String customerID, int line2Text, String already_snake) {
    }

    private <R> List<R> roundTrip(List<R> rows, Class<R> type) throws SQLException {
        RowSource source = RowSources.of(rows);
        try (Connection connection = connect(dir)) {
            execute(connection, "DROP TABLE IF EXISTS t", dialect.createTable("main", "t", source.columns()));
            dialect.bulkLoader().load(connection, "main", "t", source.columns(), source.rows());
            return RowReader.read(connection, dialect, dialect.selectAll("main", "t"), type);
        }
    }

    @Test
    void numbersTextBooleansCharactersAndEnumsReadBackEqual() throws SQLException {
        List<Basic> rows = List.of(
                new Basic(1L, 3, "ada", 2.5, true, (short) 7, 1.5f, Status.OPEN, (byte) -128, 'x', Shouting.LOUD),
                new Basic(2L, null, null, -1.0, false, (short) -1, 0f, Status.SHIPPED, (byte) 127, '\u00e9', null));

        assertEquals(rows, roundTrip(rows, Basic.class));
    }

    @Test
    void floatingPointEdgeValuesReadBackBitForBit() throws SQLException {
        List<Floating> rows = List.of(new Floating(Double.NaN, Float.NaN), new Floating(-0.0, -0.0f),
                new Floating(Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY),
                new Floating(Double.MIN_VALUE, Float.MIN_VALUE), new Floating(Double.MAX_VALUE, Float.MAX_VALUE),
                new Floating(0.1, 0.1f));

        assertEquals(rows, roundTrip(rows, Floating.class)); // records compare doubles by their bits
    }

    @Test
    void integerLimitsReadBackEqual() throws SQLException {
        List<Limits> rows = List.of(new Limits(Byte.MIN_VALUE, Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE),
                new Limits(Byte.MAX_VALUE, Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE));

        assertEquals(rows, roundTrip(rows, Limits.class));
    }

    @Test
    void datesAndTimesReadBackEqualAcrossTheirWholeRange() throws SQLException {
        Instant first = TimeLimits.FIRST_INSTANT;
        List<Times> rows = List.of(
                new Times(TimeLimits.FIRST_DATE, LocalTime.MIDNIGHT, TimeLimits.FIRST_TIMESTAMP, first,
                        first.atOffset(ZoneOffset.UTC)),
                new Times(LocalDate.of(1582, 10, 10), LocalTime.of(23, 59, 59, 999_999_000),
                        LocalDateTime.of(1582, 10, 5, 12, 0), Instant.parse("1969-12-31T23:59:59.999999Z"), null),
                new Times(TimeLimits.LAST_DATE, LocalTime.NOON, TimeLimits.LAST_TIMESTAMP, TimeLimits.LAST_INSTANT,
                        TimeLimits.LAST_INSTANT.atOffset(ZoneOffset.UTC)));

        assertEquals(rows, roundTrip(rows, Times.class));
    }

    @Test
    void decimalsReadBackWithTheirScale() throws SQLException {
        List<Money> rows = List.of(new Money(new BigDecimal("1.5"), new BigInteger("-99999999999999999999999999999999999999")),
                new Money(new BigDecimal("-2.5"), BigInteger.ZERO));

        assertEquals(rows, roundTrip(rows, Money.class));
    }

    @Test
    void uuidsBytesAndOptionalsReadBackEqual() throws SQLException {
        byte[] bytes = {0, 1, -1, 92, 78};
        List<Other> back = roundTrip(List.of(new Other(new UUID(-1, 5), bytes, Optional.of("x")),
                new Other(null, new byte[0], Optional.empty())), Other.class);

        assertEquals(new UUID(-1, 5), back.get(0).ref());
        assertArrayEquals(bytes, back.get(0).bytes());
        assertArrayEquals(new byte[0], back.get(1).bytes());
        assertEquals(List.of(Optional.of("x"), Optional.empty()), back.stream().map(Other::note).toList());
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void mapsReadBackEqualWithEveryKeyOfAnyRow() throws SQLException {
        Map<String, Object> first = new LinkedHashMap<>();
        first.put("id", 1);
        first.put("name", "ada");
        first.put("day", LocalDate.of(2026, 1, 2));
        Map<String, Object> second = new LinkedHashMap<>();
        second.put("id", 2);
        second.put("note", "late");

        List<Map> back = roundTrip((List) List.of(first, second), Map.class);

        Map<String, Object> firstBack = new LinkedHashMap<>(first);
        firstBack.put("note", null);
        Map<String, Object> secondBack = new LinkedHashMap<>(second);
        secondBack.put("name", null);
        secondBack.put("day", null);
        assertEquals(List.of(firstBack, secondBack), back);
    }

    @Test
    void camelCaseComponentsAreSnakeCaseColumnsAndReadBackEqual() throws SQLException {
        List<Shipment> rows = List.of(new Shipment(7, LocalDate.of(2026, 3, 4), "c1", 2, "x"));

        assertEquals(List.of("order_id", "shipped_on", "customer_id", "line2_text", "already_snake"),
                RowSources.of(rows).columns().stream().map(column -> column.name()).toList());
        assertEquals(rows, roundTrip(rows, Shipment.class));
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void camelCaseMapKeysAreSnakeCaseColumns() throws SQLException {
        List<Map> back = roundTrip((List) List.of(Map.of("shippedOn", LocalDate.of(2026, 3, 4))), Map.class);

        assertEquals(List.of(Map.of("shipped_on", LocalDate.of(2026, 3, 4))), back);
    }
}
