package dev.dag.internal.store;

import dev.dag.internal.store.dialect.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Publishes a stage version: inside the caller's transaction, points one view per table of the stage
 * schema at its physical table and drops the views of tables the new version no longer has. Both
 * DuckDB and PostgreSQL run DDL transactionally, so readers see the old or the new version whole.
 * Views make carrying an unchanged table into a new version free: no row moves.
 */
public final class StagePublisher {
    private final Database database;

    public StagePublisher(Database database) {
        this.database = database;
    }

    /** Makes sure the stage schema and the data schema exist (each in its own statement). */
    public void prepareSchemas(Connection connection, String stage) throws SQLException {
        try {
            createSchemas(connection, stage);
        } catch (SQLException raced) {
            // two runs creating the data schema at once (DuckDB: a write-write conflict, PostgreSQL: a duplicate
            // catalog row): the other one created it
            createSchemas(connection, stage);
        }
    }

    private void createSchemas(Connection connection, String stage) throws SQLException {
        Dialect dialect = database.dialect();
        try (Statement statement = connection.createStatement()) {
            statement.execute(dialect.createSchema(database.stageSchema(stage)));
            statement.execute(dialect.createSchema(database.dataSchema()));
        }
    }

    /**
     * Replaces the stage's views, within the transaction of {@code connection}.
     *
     * @param tables  table name → physical table name of the new version
     * @param dropped table names of the old version that the new one no longer has
     */
    public void publish(Connection connection, String stage, Map<String, String> tables, Collection<String> dropped)
            throws SQLException {
        Dialect dialect = database.dialect();
        String schema = database.stageSchema(stage);
        SortedSet<String> changed = new TreeSet<>(tables.keySet());
        changed.addAll(dropped);
        try (Statement statement = connection.createStatement()) {
            // the views' locks first, in name order: a reader must never wait for one of them while the publish
            // waits for another it holds
            for (String lock : dialect.lockViews(schema, List.copyOf(changed))) {
                statement.execute(lock);
            }
            for (String name : dropped) {
                statement.execute(dialect.dropView(schema, name));
            }
            for (Map.Entry<String, String> table : tables.entrySet()) {
                for (String replace : dialect.replaceView(schema, table.getKey(), database.dataSchema(),
                        table.getValue())) {
                    statement.execute(replace);
                }
            }
        }
    }
}
