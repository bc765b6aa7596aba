package dev.dag.internal.store.dialect.values;

import dev.dag.internal.store.dialect.ColumnReader;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;

/**
 * How DuckDB's driver gives each column exactly. Its {@code getObject} returns {@code java.sql.Timestamp} for a
 * timestamp (shifted in a daylight-saving gap of the JVM's zone) and its {@code getObject(i, LocalDate.class)}
 * moves dates before the Gregorian calendar, so each date and time type is asked for in the one way that is
 * exact: dates as the {@code LocalDate} that plain {@code getObject} returns, timestamps as
 * {@code LocalDateTime}, instants through {@code OffsetDateTime}, blobs as bytes.
 */
public final class DuckDbColumnReaders {
    private DuckDbColumnReaders() {
    }

    /** The reader of column {@code column} of results shaped like {@code meta}. */
    public static ColumnReader of(ResultSetMetaData meta, int column) throws SQLException {
        return switch (meta.getColumnType(column)) {
            case Types.TIME -> (row, i) -> row.getObject(i, LocalTime.class);
            case Types.TIMESTAMP -> (row, i) -> row.getObject(i, LocalDateTime.class);
            case Types.TIMESTAMP_WITH_TIMEZONE -> (row, i) -> {
                OffsetDateTime moment = row.getObject(i, OffsetDateTime.class);
                return moment == null ? null : moment.toInstant();
            };
            case Types.BLOB -> (row, i) -> row.getBytes(i);
            // DATE included: plain getObject gives the exact LocalDate
            default -> (row, i) -> row.getObject(i);
        };
    }
}
