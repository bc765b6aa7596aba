package dev.dag.internal.cache;

import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Collection;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * One column of many metadata rows as a JDBC array, for the statements of {@code MetadataSql} that take a column
 * as one array parameter: a statement whose size does not grow with its rows.
 */
final class SqlArrays {
    private SqlArrays() {
    }

    static <T> Array varchars(Connection connection, Collection<T> rows, Function<T, String> column)
            throws SQLException {
        return connection.createArrayOf("varchar", rows.stream().map(column).toArray(String[]::new));
    }

    static <T> Array integers(Connection connection, Collection<T> rows, ToIntFunction<T> column)
            throws SQLException {
        return connection.createArrayOf("integer",
                rows.stream().map(row -> column.applyAsInt(row)).toArray(Integer[]::new));
    }

    static <T> Array bigints(Connection connection, Collection<T> rows, ToLongFunction<T> column)
            throws SQLException {
        return connection.createArrayOf("bigint",
                rows.stream().map(row -> column.applyAsLong(row)).toArray(Long[]::new));
    }

    static <T> Array timestamps(Connection connection, Collection<T> rows, Function<T, Timestamp> column)
            throws SQLException {
        return connection.createArrayOf("timestamp", rows.stream().map(column).toArray(Timestamp[]::new));
    }
}
