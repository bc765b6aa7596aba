package dev.dag.internal.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Prepared statements with their parameters set in order, and their rows read into values: the loops every query
 * of dag's own tables would otherwise repeat. Parameters are set with {@code setObject}: strings, numbers and
 * {@link java.sql.Array}s; a null is sent as SQL NULL of no particular type.
 */
public final class Queries {
    private Queries() {
    }

    /** Reads one row of a result into a value. */
    @FunctionalInterface
    public interface Row<T> {
        T read(ResultSet rows) throws SQLException;
    }

    /** Every row of {@code query}, read by {@code row}. */
    public static <T> List<T> list(Connection connection, String query, Row<T> row, Object... parameters)
            throws SQLException {
        return list(connection, query, Integer.MAX_VALUE, row, parameters);
    }

    /** The first {@code limit} rows of {@code query}, read by {@code row}. */
    public static <T> List<T> list(Connection connection, String query, int limit, Row<T> row, Object... parameters)
            throws SQLException {
        List<T> values = new ArrayList<>();
        PreparedStatement statement = prepare(connection, query, parameters);
        boolean failed = true;
        try {
            statement.setMaxRows(limit < Integer.MAX_VALUE ? limit : 0); // a hint only: DuckDB's driver returns every row
            try (ResultSet rows = statement.executeQuery()) {
                while (values.size() < limit && rows.next()) {
                    values.add(row.read(rows));
                }
            }
            failed = false;
        } finally {
            ReusedStatements.release(connection, query, statement, failed);
        }
        return values;
    }

    /** The first row of {@code query}, read by {@code row}; empty when it has none (or its value is null). */
    public static <T> Optional<T> first(Connection connection, String query, Row<T> row, Object... parameters)
            throws SQLException {
        List<T> values = list(connection, query, 1, row, parameters);
        return values.isEmpty() ? Optional.empty() : Optional.ofNullable(values.get(0));
    }

    /** Runs an update; returns the rows it changed. */
    public static int update(Connection connection, String statement, Object... parameters) throws SQLException {
        PreparedStatement prepared = prepare(connection, statement, parameters);
        boolean failed = true;
        try {
            int changed = prepared.executeUpdate();
            failed = false;
            return changed;
        } finally {
            ReusedStatements.release(connection, statement, prepared, failed);
        }
    }

    /**
     * From now on, dag's statements on connections of the same driver as {@code connection} are kept prepared for
     * reuse (for a driver whose prepare costs as much as the execution, see {@link ReusedStatements}).
     */
    public static void reusePreparedStatements(Connection connection) throws SQLException {
        ReusedStatements.enableFor(connection);
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = ReusedStatements.prepare(connection, sql);
        try {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
        } catch (SQLException | RuntimeException e) {
            ReusedStatements.release(connection, sql, statement, true);
            throw e;
        }
        return statement;
    }
}
