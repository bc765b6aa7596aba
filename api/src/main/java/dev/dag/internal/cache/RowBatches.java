package dev.dag.internal.cache;

import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Writes many metadata rows (or updates many by key) in as few statement executions as the statement size allows:
 * a JDBC batch still executes its statement once per row on an embedded database, where an execution costs more
 * than a row, so one statement with many rows replaces it.
 */
final class RowBatches {
    private RowBatches() {
    }

    /** Sets the parameters of one row, the first at {@code first}. */
    interface Row<T> {
        void bind(PreparedStatement statement, int first, T row) throws SQLException;
    }

    /** Sets the parameters every execution starts with. */
    interface Leading {
        /** Binds them; returns how many it bound. */
        int bind(PreparedStatement statement) throws SQLException;
    }

    /**
     * Executes {@code sql} (the statement for a given number of rows) for {@code rows}, each taking {@code width}
     * parameters, at most {@link MetadataSql#MAX_ROWS_PER_STATEMENT} rows per execution.
     */
    static <T> void write(Connection connection, List<T> rows, IntFunction<String> sql, int width, Row<T> row)
            throws SQLException {
        write(connection, statement -> 0, rows, sql, width, row);
    }

    /** As {@link #write(Connection, List, IntFunction, int, Row)}, each execution's rows after {@code leading}. */
    static <T> void write(Connection connection, Leading leading, List<T> rows, IntFunction<String> sql, int width,
                          Row<T> row) throws SQLException {
        for (int start = 0; start < rows.size(); start += MetadataSql.MAX_ROWS_PER_STATEMENT) {
            List<T> chunk = rows.subList(start, Math.min(rows.size(), start + MetadataSql.MAX_ROWS_PER_STATEMENT));
            try (PreparedStatement statement = connection.prepareStatement(sql.apply(chunk.size()))) {
                int first = 1 + leading.bind(statement);
                for (T value : chunk) {
                    row.bind(statement, first, value);
                    first += width;
                }
                statement.executeUpdate();
            }
        }
    }
}
