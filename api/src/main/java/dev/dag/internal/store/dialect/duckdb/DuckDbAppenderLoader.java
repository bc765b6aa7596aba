package dev.dag.internal.store.dialect.duckdb;

import dev.dag.internal.store.dialect.BulkLoader;
import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * Loads rows through DuckDB's appender: columnar, about 100 times faster than batched inserts. Dates and times
 * go in as epoch days and microseconds computed here, so that no value passes through the JVM's time zone or
 * the driver's own conversions.
 */
final class DuckDbAppenderLoader implements BulkLoader {
    private static final long MICROS_PER_SECOND = 1_000_000;
    private static final int NANOS_PER_MICRO = 1_000;

    @Override
    public long load(Connection connection, String schema, String table, List<Column> columns,
                     Iterator<Object[]> rows) throws SQLException {
        DuckDBConnection duckdb = connection.unwrap(DuckDBConnection.class);
        ColumnType[] types = columns.stream().map(Column::type).toArray(ColumnType[]::new);
        long count = 0;
        try (DuckDBAppender appender = duckdb.createAppender(schema, table)) {
            while (rows.hasNext()) {
                Object[] row = rows.next();
                appender.beginRow();
                for (int i = 0; i < types.length; i++) {
                    append(appender, types[i], row[i]);
                }
                appender.endRow();
                count++;
            }
        }
        return count;
    }

    private static void append(DuckDBAppender appender, ColumnType type, Object value) throws SQLException {
        if (value == null) {
            appender.appendNull();
            return;
        }
        switch (type) {
            case BOOLEAN -> appender.append((boolean) (Boolean) value);
            case SMALLINT -> appender.append((short) (Short) value);
            case INTEGER -> appender.append((int) (Integer) value);
            case BIGINT -> appender.append((long) (Long) value);
            case REAL -> appender.append((float) (Float) value);
            case DOUBLE -> appender.append((double) (Double) value);
            case DECIMAL -> appender.append((BigDecimal) value);
            case VARCHAR -> appender.append((String) value);
            case DATE -> appender.appendEpochDays(Math.toIntExact(((LocalDate) value).toEpochDay()));
            case TIME -> appender.appendDayMicros(((LocalTime) value).toNanoOfDay() / NANOS_PER_MICRO);
            case TIMESTAMP -> appender.appendEpochMicros(epochMicros(((LocalDateTime) value).toEpochSecond(
                    ZoneOffset.UTC), ((LocalDateTime) value).getNano()));
            case TIMESTAMPTZ -> appender.appendEpochMicros(epochMicros(((Instant) value).getEpochSecond(),
                    ((Instant) value).getNano()));
            case UUID -> appender.append((UUID) value);
            case BLOB -> appender.append((byte[]) value);
        }
    }

    /** Microseconds since 1970-01-01T00:00; the rows layer refused values with a finer fraction. */
    private static long epochMicros(long epochSecond, int nano) {
        return Math.addExact(Math.multiplyExact(epochSecond, MICROS_PER_SECOND), nano / NANOS_PER_MICRO);
    }
}
