package dev.dag.internal.rows;

import static dev.dag.testing.DuckDbFiles.connect;
import static dev.dag.testing.DuckDbFiles.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.internal.store.dialect.DuckDbDialect;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rows written the way dag writes in-memory tables (RowSources, then the appender) read back unchanged. */
class RowsRoundTripTest {
    private final DuckDbDialect dialect = new DuckDbDialect();

    @TempDir
    Path dir;

    enum Status { OPEN, SHIPPED }

    record Basic(long id, Integer qty, String name, double price, boolean paid, short rank, float weight,
                 Status status) {
    }

    record Dates(LocalDate day, LocalDateTime placed) {
    }

    record Ids(UUID ref) {
    }

    record Money(BigDecimal amount) {
    }

    record Moment(Instant seen) {
    }

    record Letter(char initial) {
    }

    record Tiny(byte level) {
    }

    private <R> List<R> roundTrip(List<R> rows, Class<R> type) throws SQLException {
        RowSource source = RowSources.of(rows);
        try (Connection connection = connect(dir)) {
            execute(connection, dialect.createTable("main", "t", source.columns()));
            dialect.bulkLoader().load(connection, "main", "t", source.columns(), source.rows());
            return RowReader.read(connection, dialect.selectAll("main", "t"), type);
        }
    }

    @Test
    void numbersTextBooleansAndEnumsReadBackEqual() throws SQLException {
        List<Basic> rows = List.of(new Basic(1L, 3, "ada", 2.5, true, (short) 7, 1.5f, Status.OPEN),
                new Basic(2L, null, null, -1.0, false, (short) -1, 0f, Status.SHIPPED));

        assertEquals(rows, roundTrip(rows, Basic.class));
    }

    @Test
    void datesAndTimestampsReadBackEqual() throws SQLException {
        List<Dates> rows = List.of(new Dates(LocalDate.of(1999, 12, 31), LocalDateTime.of(2026, 11, 29, 17, 5, 1)));

        assertEquals(rows, roundTrip(rows, Dates.class));
    }

    @Test
    void uuidsReadBackEqual() throws SQLException {
        List<Ids> rows = List.of(new Ids(UUID.fromString("123e4567-e89b-12d3-a456-426614174000")));

        assertEquals(rows, roundTrip(rows, Ids.class));
    }

    @Test
    void decimalsReadBackWithTheSameValue() throws SQLException {
        List<Money> back = roundTrip(List.of(new Money(new BigDecimal("1234.5678"))), Money.class);

        assertEquals(0, new BigDecimal("1234.5678").compareTo(back.get(0).amount()), back.get(0).amount().toString());
    }

    @Test
    void instantsReadBackEqual() throws SQLException {
        List<Moment> rows = List.of(new Moment(Instant.parse("2026-11-29T17:05:01.123456Z")));

        assertEquals(rows, roundTrip(rows, Moment.class));
    }

    @Test
    void charactersReadBackEqual() throws SQLException {
        List<Letter> rows = List.of(new Letter('x'));

        assertEquals(rows, roundTrip(rows, Letter.class));
    }

    @Test
    void bytesReadBackEqual() throws SQLException {
        List<Tiny> rows = List.of(new Tiny((byte) 5));

        assertEquals(rows, roundTrip(rows, Tiny.class));
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void mapsReadBackEqual() throws SQLException {
        Map<String, Object> row = new java.util.LinkedHashMap<>();
        row.put("id", 1);
        row.put("name", "ada");
        row.put("day", LocalDate.of(2026, 1, 2));
        row.put("note", null);

        List<Map> back = roundTrip((List) List.of(row), Map.class);

        assertEquals(List.of(row), back);
    }
}
