package dev.dag.bench.macro;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Scenario b's second baseline: one table of a stage replaced with plain JDBC, by someone who wants what dag
 * promises and knows which table changed. A crash must leave the new table known (so it is recorded in the
 * transaction that writes it), readers must see the stage switch at once (so a view is swapped, and the replaced
 * table dropped, in one transaction with the record of the stage's new version), and the run must leave a record
 * of its start and end. That is dag's protocol for this change, one statement lighter (the version record is
 * inserted, with no older record to supersede), without dag's discovery of which task changed.
 * Measured against the plain CTAS in the same run, it shows how close to the plain CTAS a run with these promises
 * can come on this machine; dag's own cost is what it takes beyond this.
 */
final class SafePublishByHand implements AutoCloseable {
    private final BenchDatabase db;
    private final Connection connection;
    private int generation;

    SafePublishByHand(BenchDatabase db, Connection connection, String firstQuery) throws SQLException {
        this.db = db;
        this.connection = connection;
        BenchDatabase.execute(connection, "CREATE TABLE IF NOT EXISTS " + db.scratchTable("runs")
                + " (run_id VARCHAR(40), started_at TIMESTAMP, finished_at TIMESTAMP, status VARCHAR(20))");
        BenchDatabase.execute(connection, "CREATE TABLE IF NOT EXISTS " + db.scratchTable("objects")
                + " (physical_name VARCHAR(100), state VARCHAR(20), run_id VARCHAR(40))");
        BenchDatabase.execute(connection, "CREATE TABLE IF NOT EXISTS " + db.scratchTable("versions")
                + " (run_id VARCHAR(40), committed_at TIMESTAMP, entries TEXT)");
        BenchDatabase.execute(connection, "DROP VIEW IF EXISTS " + db.scratchTable("view_t0"));
        BenchDatabase.execute(connection, "DROP TABLE IF EXISTS " + table(0));
        BenchDatabase.execute(connection, "CREATE TABLE " + table(0) + " AS " + firstQuery);
        BenchDatabase.execute(connection, "CREATE OR REPLACE VIEW " + db.scratchTable("view_t0")
                + " AS SELECT * FROM " + table(0));
    }

    /**
     * Replaces the table behind the view with one of {@code query}, which has {@code rows} rows; returns the
     * nanoseconds the replacement took. The check after it, that the view reads those rows, is not timed.
     */
    long replace(String query, long rows) throws Exception {
        String old = table(generation);
        String next = table(++generation);
        String run = "run-" + generation;
        long start = System.nanoTime();
        connection.setAutoCommit(false);
        try {
            update("INSERT INTO " + db.scratchTable("runs") + " (run_id, started_at, status) "
                    + "VALUES (?, CURRENT_TIMESTAMP, 'running')", run);
            BenchDatabase.execute(connection, "CREATE TABLE " + next + " AS " + query);
            update("INSERT INTO " + db.scratchTable("objects") + " VALUES (?, 'staged', ?)", next, run);
            connection.commit();
            BenchDatabase.execute(connection, "CREATE OR REPLACE VIEW " + db.scratchTable("view_t0")
                    + " AS SELECT * FROM " + next);
            BenchDatabase.execute(connection, "DROP TABLE " + old);
            update("UPDATE " + db.scratchTable("objects") + " SET state = 'published' WHERE physical_name = ?", next);
            update("DELETE FROM " + db.scratchTable("objects") + " WHERE physical_name = ?", old);
            update("INSERT INTO " + db.scratchTable("versions") + " VALUES (?, CURRENT_TIMESTAMP, ?)", run,
                    "[{\"task\":\"part\",\"ordinal\":" + generation + "}]");
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
        update("UPDATE " + db.scratchTable("runs") + " SET finished_at = CURRENT_TIMESTAMP, status = 'succeeded' "
                + "WHERE run_id = ?", run);
        long elapsed = System.nanoTime() - start;
        expectRows(rows);
        return elapsed;
    }

    private void expectRows(long rows) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT count(*) FROM " + db.scratchTable("view_t0"))) {
            result.next();
            if (result.getLong(1) != rows) {
                throw new IllegalStateException("the view replaced by hand reads " + result.getLong(1) + " rows, not "
                        + rows);
            }
        }
    }

    private String table(int generation) {
        return db.scratchTable("safe_t0_" + generation);
    }

    private void update(String sql, String... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setString(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        }
    }

    @Override
    public void close() throws SQLException {
        BenchDatabase.execute(connection, "DROP VIEW IF EXISTS " + db.scratchTable("view_t0"));
        BenchDatabase.execute(connection, "DROP TABLE IF EXISTS " + table(generation));
    }
}
