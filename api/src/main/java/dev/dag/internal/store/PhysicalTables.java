package dev.dag.internal.store;

import dev.dag.TableRef;
import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.List;

/**
 * Writes and drops the immutable physical tables in the data schema. A physical table is written once,
 * by one run, and never changed afterwards: stages publish views on them.
 */
public final class PhysicalTables {
    private final Database database;

    public PhysicalTables(Database database) {
        this.database = database;
    }

    private Dialect dialect() {
        return database.dialect();
    }

    /** The reference to a physical table. */
    public TableRef ref(String physicalName) {
        return TableRef.of(database.dataSchema(), physicalName);
    }

    /** The statement {@link #createAs} runs, for error messages. */
    public String createAsSql(String physicalName, String query) {
        return dialect().createTableAs(database.dataSchema(), physicalName, query);
    }

    /** Runs {@code CREATE TABLE ... AS query}; returns the number of rows written. */
    public long createAs(Connection connection, String physicalName, String query) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(createAsSql(physicalName, query));
        }
        return countRows(connection, physicalName);
    }

    /** Creates the table and bulk-loads the rows; returns the number of rows loaded. */
    public long createFromRows(Connection connection, String physicalName, List<Column> columns,
                               Iterator<Object[]> rows) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(dialect().createTable(database.dataSchema(), physicalName, columns));
        }
        return dialect().bulkLoader().load(connection, database.dataSchema(), physicalName, columns, rows);
    }

    /** Adds the primary key and indexes, after the data is in. */
    public void addKeys(Connection connection, String physicalName, List<String> primaryKey,
                        List<List<String>> indexes) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (!primaryKey.isEmpty()) {
                statement.execute(dialect().addPrimaryKey(database.dataSchema(), physicalName, primaryKey));
            }
            for (int i = 0; i < indexes.size(); i++) {
                String index = PhysicalNames.fit(physicalName + "_ix" + i, dialect().maxIdentifierBytes());
                statement.execute(dialect().createIndex(database.dataSchema(), physicalName, index, indexes.get(i)));
            }
        }
    }

    /** Drops a physical table if it exists. */
    public void drop(Connection connection, String physicalName) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(dialect().dropTable(database.dataSchema(), physicalName));
        }
    }

    private long countRows(Connection connection, String physicalName) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(dialect().countRows(database.dataSchema(), physicalName))) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
