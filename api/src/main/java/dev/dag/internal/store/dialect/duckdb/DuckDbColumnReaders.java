package dev.dag.internal.store.dialect.duckdb;

import dev.dag.internal.store.dialect.ColumnReader;
import dev.dag.internal.store.dialect.UnreadableValue;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * How DuckDB's driver gives each column exactly. Its {@code getObject} returns {@code java.sql.Timestamp} for a
 * timestamp (shifted in a daylight-saving gap of the JVM's zone), its {@code OffsetDateTime} for a timestamp with
 * time zone goes through the JVM's zone (an instant in the repeated hour of a fall-back comes out an hour late),
 * its {@code getObject(i, LocalDate.class)} moves dates before the Gregorian calendar, infinities come out as
 * ordinary dates, and the time 24:00:00 makes it throw. So timestamps of microseconds (the ones dag creates) are
 * read as the microseconds since 1970 they are stored as, which {@code getLong} gives; dates as the
 * {@code LocalDate} plain {@code getObject} returns; other timestamp precisions as {@code LocalDateTime}; blobs as
 * bytes. Infinities and 24:00:00 are refused.
 */
public final class DuckDbColumnReaders {
    /** DuckDB stores infinity as the largest value of the type's integer, minus infinity as its negation. */
    private static final long TIMESTAMP_INFINITY = Long.MAX_VALUE;
    private static final long DATE_INFINITY = Integer.MAX_VALUE;
    private static final long MICROS_PER_SECOND = 1_000_000;
    private static final int NANOS_PER_MICRO = 1_000;

    private DuckDbColumnReaders() {
    }

    /** The reader of column {@code column} of results shaped like {@code meta}. */
    public static ColumnReader of(ResultSetMetaData meta, int column) throws SQLException {
        String typeName = meta.getColumnTypeName(column);
        return switch (meta.getColumnType(column)) {
            case Types.TIME -> (row, i) -> {
                try {
                    return row.getObject(i, LocalTime.class);
                } catch (DateTimeException endOfDay) { // the driver's LocalTime cannot take 24:00:00
                    throw UnreadableValue.endOfDay();
                }
            };
            case Types.DATE -> (row, i) -> finite((LocalDate) row.getObject(i));
            case Types.TIMESTAMP -> "TIMESTAMP".equals(typeName)
                    ? (row, i) -> {
                        long micros = row.getLong(i);
                        return row.wasNull() ? null : LocalDateTime.ofInstant(instant(micros, "timestamp"),
                                ZoneOffset.UTC);
                    }
                    : otherPrecision(typeName);
            case Types.TIMESTAMP_WITH_TIMEZONE -> (row, i) -> {
                long micros = row.getLong(i);
                return row.wasNull() ? null : instant(micros, "timestamp with time zone");
            };
            case Types.BLOB -> (row, i) -> row.getBytes(i);
            default -> (row, i) -> row.getObject(i);
        };
    }

    /**
     * A timestamp of nanoseconds, milliseconds or seconds, as {@code LocalDateTime}. Its infinities are the largest
     * and smallest counts of its unit, which the driver gives as dates (or, in seconds, fails to).
     */
    private static ColumnReader otherPrecision(String typeName) {
        long nanosPerUnit = switch (typeName) {
            case "TIMESTAMP_NS" -> 1;
            case "TIMESTAMP_MS" -> 1_000_000;
            default -> 1_000_000_000; // TIMESTAMP_S
        };
        LocalDateTime infinity = afterEpoch(TIMESTAMP_INFINITY, nanosPerUnit);
        LocalDateTime minusInfinity = afterEpoch(-TIMESTAMP_INFINITY, nanosPerUnit);
        return (row, i) -> {
            LocalDateTime value;
            try {
                value = row.getObject(i, LocalDateTime.class);
            } catch (DateTimeException beyondJava) { // only infinities are beyond the years Java holds
                throw UnreadableValue.infinite("infinity or -infinity", typeName.toLowerCase(Locale.ROOT));
            }
            if (value != null && (value.equals(infinity) || value.equals(minusInfinity))) {
                throw UnreadableValue.infinite(value.equals(infinity) ? "infinity" : "-infinity",
                        typeName.toLowerCase(Locale.ROOT));
            }
            return value;
        };
    }

    /** {@code units} of {@code nanosPerUnit} after 1970 at UTC, or null beyond the years Java holds. */
    private static LocalDateTime afterEpoch(long units, long nanosPerUnit) {
        long unitsPerSecond = 1_000_000_000 / nanosPerUnit;
        try {
            return LocalDateTime.ofEpochSecond(Math.floorDiv(units, unitsPerSecond),
                    (int) (Math.floorMod(units, unitsPerSecond) * nanosPerUnit), ZoneOffset.UTC);
        } catch (DateTimeException beyondJava) {
            return null;
        }
    }

    private static Instant instant(long micros, String type) {
        if (Math.abs(micros) == TIMESTAMP_INFINITY) {
            throw UnreadableValue.infinite(micros > 0 ? "infinity" : "-infinity", type);
        }
        return Instant.ofEpochSecond(Math.floorDiv(micros, MICROS_PER_SECOND),
                Math.floorMod(micros, MICROS_PER_SECOND) * NANOS_PER_MICRO);
    }

    private static LocalDate finite(LocalDate date) {
        if (date != null && Math.abs(date.toEpochDay()) == DATE_INFINITY) {
            throw UnreadableValue.infinite(date.toEpochDay() > 0 ? "infinity" : "-infinity", "date");
        }
        return date;
    }
}
