package dev.dag.internal.store.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.List;

/** Loads in-memory rows into an existing table through the database's bulk path (never row by row). */
public interface BulkLoader {
    /**
     * Appends every row to {@code schema.table}; values in each row follow {@code columns}.
     *
     * @return the number of rows loaded
     */
    long load(Connection connection, String schema, String table, List<Column> columns, Iterator<Object[]> rows)
            throws SQLException;
}
