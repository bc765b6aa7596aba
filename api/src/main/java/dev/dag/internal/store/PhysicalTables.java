package dev.dag.internal.store;

import dev.dag.internal.jdbc.Transactions;
import dev.dag.TableRef;
import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes and drops tables in one schema: the immutable physical tables of the data schema (written once,
 * by one run, never changed afterwards: stages publish views on them), or the tables of an interactive
 * or debug write.
 */
public final class PhysicalTables {
    private final Database database;
    private final String schema;

    private PhysicalTables(Database database, String schema) {
        this.database = database;
        this.schema = schema;
    }

    /** The physical tables behind the stage views. */
    public static PhysicalTables data(Database database) {
        return new PhysicalTables(database, database.dataSchema());
    }

    /** Tables in another schema (created if missing). */
    public static PhysicalTables in(Database database, String schema, Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(database.dialect().createSchema(schema));
        }
        return new PhysicalTables(database, schema);
    }

    private Dialect dialect() {
        return database.dialect();
    }

    /** The reference to a physical table. */
    public TableRef ref(String physicalName) {
        return database.ref(schema, physicalName);
    }

    /** Whether a table of this name exists in the schema. */
    public boolean exists(Connection connection, String name) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, schema, name, null)) {
            return tables.next();
        }
    }

    /** The names of all tables and views in the schema, from one catalog query. */
    public Set<String> names(Connection connection) throws SQLException {
        return CatalogNames.in(connection, dialect().selectRelationNames(), schema);
    }

    /** The statement {@link #createAs} runs, for error messages. */
    public String createAsSql(String physicalName, String query) {
        return dialect().createTableAs(schema, physicalName, query);
    }

    /** Runs {@code CREATE TABLE ... AS query}; returns the number of rows written. */
    public long createAs(Connection connection, String physicalName, String query) throws SQLException {
        long written;
        try (Statement statement = connection.createStatement()) {
            written = RunningStatements.execute(statement,
                    () -> statement.executeLargeUpdate(createAsSql(physicalName, query)));
        }
        // both drivers report the rows a CREATE TABLE AS wrote; count only when one does not
        return written > 0 ? written : countRows(connection, physicalName);
    }

    /**
     * Creates the table and bulk-loads the rows; returns the number of rows loaded. A load that fails (the database
     * refuses it, or a row is refused while it is read) drops the table again, so that no part of it stays behind;
     * inside a transaction, the caller's rollback does that.
     */
    public long createFromRows(Connection connection, String physicalName, List<Column> columns,
                               Iterator<Object[]> rows) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            RunningStatements.execute(statement,
                    () -> statement.execute(dialect().createTable(schema, physicalName, columns)));
        }
        try {
            return dialect().bulkLoader().load(connection, schema, physicalName, columns, new FailpointRows(rows));
        } catch (SQLException | RuntimeException e) {
            if (connection.getAutoCommit()) {
                try {
                    drop(connection, physicalName);
                } catch (SQLException dropFailed) {
                    e.addSuppressed(dropFailed);
                }
            }
            throw e;
        }
    }

    /** Adds the primary key and indexes, after the data is in. */
    public void addKeys(Connection connection, String physicalName, List<String> primaryKey,
                        List<List<String>> indexes) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (!primaryKey.isEmpty()) {
                RunningStatements.execute(statement,
                        () -> statement.execute(dialect().addPrimaryKey(schema, physicalName, primaryKey)));
            }
            for (int i = 0; i < indexes.size(); i++) {
                String index = PhysicalNames.fit(physicalName + "_ix" + i, dialect().maxIdentifierBytes());
                List<String> columns = indexes.get(i);
                RunningStatements.execute(statement,
                        () -> statement.execute(dialect().createIndex(schema, physicalName, index, columns)));
            }
        }
    }

    /** The column names of a physical table, in order. */
    public List<String> columns(Connection connection, String physicalName) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(dialect().columnsOf(schema, physicalName))) {
            ResultSetMetaData meta = result.getMetaData();
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnLabel(i));
            }
            return columns;
        }
    }

    /**
     * The first row with a NULL in one of {@code columns}, as a map of column to value as the driver gives it (for a
     * message: read in the caller's transaction, which may hold the table uncommitted), or null when there is none.
     */
    public Map<String, Object> firstRowWithNull(Connection connection, String physicalName, List<String> columns)
            throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(dialect().firstRowWithNull(schema, physicalName, columns))) {
            if (!result.next()) {
                return null;
            }
            ResultSetMetaData meta = result.getMetaData();
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                row.put(meta.getColumnLabel(i), result.getObject(i));
            }
            return row;
        }
    }

    /** Makes {@code columns} of a loaded table {@code NOT NULL}. */
    public void setNotNull(Connection connection, String physicalName, List<String> columns) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String column : columns) {
                RunningStatements.execute(statement,
                        () -> statement.execute(dialect().setNotNull(schema, physicalName, column)));
            }
        }
    }

    /**
     * Drops a table that readers of an older version may still hold, giving up after the dialect's
     * cleanup timeout instead of blocking (the next run retries).
     */
    public void dropOld(Connection connection, String physicalName, int timeoutMillis) throws SQLException {
        if (!dialect().capabilities().readersLockRelations()) {
            drop(connection, physicalName);
            return;
        }
        String timeout = dialect().lockTimeout(timeoutMillis).orElseThrow();
        Transactions.commit(connection, inTransaction -> {
            try (Statement statement = inTransaction.createStatement()) {
                statement.execute(timeout);
                statement.execute(dialect().dropTable(schema, physicalName));
            }
        });
    }

    /** Drops a physical table if it exists. */
    public void drop(Connection connection, String physicalName) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(dialect().dropTable(schema, physicalName));
        }
    }

    /**
     * Passes rows through, halting at the bulk-load failpoint after the first 100,000, and counting them into the
     * thread's {@link LoadedRows} in steps (a shared counter touched per row would cost more than the row).
     */
    private static final class FailpointRows implements Iterator<Object[]> {
        private static final int AFTER_ROWS = 100_000;
        private static final int COUNT_STEP = 1024;
        private final Iterator<Object[]> rows;
        private final LoadedRows loaded = LoadedRows.ofThisThread();
        private int count;

        FailpointRows(Iterator<Object[]> rows) {
            this.rows = rows;
        }

        @Override
        public boolean hasNext() {
            boolean more = rows.hasNext();
            if (!more && loaded != null) {
                loaded.add(count % COUNT_STEP);
                count = 0;
            }
            return more;
        }

        @Override
        public Object[] next() {
            if (++count == AFTER_ROWS) {
                Failpoints.hit(Failpoints.DURING_BULK_LOAD);
            }
            if (loaded != null && count % COUNT_STEP == 0) {
                loaded.add(COUNT_STEP);
            }
            return rows.next();
        }
    }

    /** The number of rows of a table in the schema. */
    public long countRows(Connection connection, String physicalName) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return RunningStatements.execute(statement, () -> {
                try (ResultSet rows = statement.executeQuery(dialect().countRows(schema, physicalName))) {
                    rows.next();
                    return rows.getLong(1);
                }
            });
        }
    }
}
