package dev.dag.internal.store.meta;

import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * How metadata values go through JDBC. One column of many rows is one array parameter, for the statements of
 * {@code MetadataSql} that take a column as one array: a statement whose size does not grow with its rows. Times
 * (runs, task outcomes, stage commits) are instants, stored as their wall-clock time at UTC in {@code TIMESTAMP}
 * columns: written as text and read as {@code LocalDateTime}, never through {@code java.sql.Timestamp}, which both
 * drivers convert in the JVM's zone (a store shared by JVMs in different zones would mix their clocks, and the
 * hour a zone repeats when it sets its clocks back would name two instants).
 */
final class MetadataValues {
    private static final DateTimeFormatter TIME_TEXT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    private MetadataValues() {
    }

    /** {@code instant} as the text a {@code CAST(? AS TIMESTAMP)} parameter takes. */
    static String timeText(Instant instant) {
        return TIME_TEXT.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }

    /** The instant in {@code column} (1-based) of the current row, or null. */
    static Instant readTime(ResultSet rows, int column) throws SQLException {
        LocalDateTime utc = rows.getObject(column, LocalDateTime.class);
        return utc == null ? null : utc.toInstant(ZoneOffset.UTC);
    }

    static <T> Array varchars(Connection connection, Collection<T> rows, Function<T, String> column)
            throws SQLException {
        return connection.createArrayOf("varchar", rows.stream().map(column).toArray(String[]::new));
    }

    static <T> Array bigints(Connection connection, Collection<T> rows, ToLongFunction<T> column)
            throws SQLException {
        return connection.createArrayOf("bigint",
                rows.stream().map(row -> column.applyAsLong(row)).toArray(Long[]::new));
    }

    /** Instants as the text of their time at UTC. */
    static <T> Array times(Connection connection, Collection<T> rows, Function<T, Instant> column)
            throws SQLException {
        return connection.createArrayOf("varchar",
                rows.stream().map(row -> timeText(column.apply(row))).toArray(String[]::new));
    }
}
