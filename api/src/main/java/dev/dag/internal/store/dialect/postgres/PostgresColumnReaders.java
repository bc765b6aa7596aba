package dev.dag.internal.store.dialect.postgres;

import dev.dag.internal.store.dialect.ColumnReader;
import dev.dag.internal.store.dialect.UnreadableValue;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;

/**
 * How PostgreSQL's driver gives each column exactly. Its {@code getObject} returns {@code java.sql.Date},
 * {@code Time} and {@code Timestamp} (shifted in the JVM's zone and before the Gregorian calendar, and without
 * microseconds for a time) and an {@code Integer} for a smallint, so those types are asked for by their
 * {@code java.time} class, instants through {@code OffsetDateTime}, and smallints as shorts. The driver gives
 * PostgreSQL's infinities as the {@code MAX} and {@code MIN} of those classes, far outside what PostgreSQL holds:
 * they are refused, not handed on as dates; so is the time 24:00:00, which the driver gives as
 * {@code LocalTime.MAX}, and a numeric NaN or infinity, which it gives as a {@code Double} in a column of
 * {@code BigDecimal}s.
 */
public final class PostgresColumnReaders {
    private PostgresColumnReaders() {
    }

    /** The reader of column {@code column} of results shaped like {@code meta}. */
    public static ColumnReader of(ResultSetMetaData meta, int column) throws SQLException {
        return switch (meta.getColumnTypeName(column)) {
            case "int2" -> (row, i) -> {
                short value = row.getShort(i);
                return row.wasNull() ? null : value;
            };
            case "date" -> (row, i) -> finite(row.getObject(i, LocalDate.class), LocalDate.MAX, LocalDate.MIN,
                    "date");
            case "time" -> (row, i) -> {
                LocalTime time = row.getObject(i, LocalTime.class);
                if (LocalTime.MAX.equals(time)) { // the driver's 24:00:00: PostgreSQL keeps microseconds, not nanos
                    throw UnreadableValue.endOfDay();
                }
                return time;
            };
            case "timetz" -> (row, i) -> row.getObject(i, OffsetTime.class);
            case "timestamp" -> (row, i) -> finite(row.getObject(i, LocalDateTime.class), LocalDateTime.MAX,
                    LocalDateTime.MIN, "timestamp");
            case "timestamptz" -> (row, i) -> {
                OffsetDateTime moment = finite(row.getObject(i, OffsetDateTime.class), OffsetDateTime.MAX,
                        OffsetDateTime.MIN, "timestamp with time zone");
                return moment == null ? null : moment.toInstant();
            };
            case "numeric" -> (row, i) -> {
                Object number = row.getObject(i);
                if (number instanceof Double special) { // NaN and the infinities come as a Double
                    throw UnreadableValue.notANumber(special.toString());
                }
                return number;
            };
            case "bytea" -> (row, i) -> row.getBytes(i);
            default -> (row, i) -> row.getObject(i);
        };
    }

    private static <T> T finite(T value, T infinity, T minusInfinity, String type) {
        if (infinity.equals(value) || minusInfinity.equals(value)) {
            throw UnreadableValue.infinite(value.equals(infinity) ? "infinity" : "-infinity", type);
        }
        return value;
    }
}
