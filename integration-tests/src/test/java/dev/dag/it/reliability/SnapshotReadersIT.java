package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Result;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a reader in a transaction sees of a stage that is published meanwhile, as docs/storage.md ("Readers")
 * states it, per database and isolation level. Version 1 of stage raw holds 1,000 orders of generation 1,
 * version 2 as many of generation 2.
 */
@Tag("reliability")
class SnapshotReadersIT {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    /** PostgreSQL, any level: once a transaction read a view, it keeps it; the publish waits for its end. */
    @ParameterizedTest
    @ValueSource(ints = {Connection.TRANSACTION_READ_COMMITTED, Connection.TRANSACTION_REPEATABLE_READ,
            Connection.TRANSACTION_SERIALIZABLE})
    void postgresTransactionThatReadAViewKeepsItsVersionAndThePublishWaitsForIt(int isolation) throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "heldView")) {
            publish(db, 1);
            try (Connection reader = begin(db, isolation)) {
                assertEquals("1000 of generation 1", orders(db, reader));

                CompletableFuture<Result> run = CompletableFuture.supplyAsync(
                        () -> CrashPipeline.run(db.config(), Options.generation(2)));
                awaitPublishWaiting(db);
                assertEquals("1000 of generation 1", orders(db, reader));
                assertFalse(run.isDone(), "the publish waits for the reader");
                reader.commit();

                assertTrue(run.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).successful());
                assertEquals("1000 of generation 2", orders(db, reader));
            }
            NothingLost.assertIntactAndClean(db);
        }
    }

    /**
     * PostgreSQL, a transaction that reads a stage first after its publish: under READ COMMITTED its statement sees
     * the new version; under REPEATABLE READ and SERIALIZABLE, with a snapshot older than the stage's new tables,
     * it sees them empty (the catalog is not versioned: the view leads to the new table, whose rows the snapshot
     * does not show).
     */
    @ParameterizedTest
    @CsvSource({"READ_COMMITTED, 1000 of generation 2", "REPEATABLE_READ, 0 of generation null",
            "SERIALIZABLE, 0 of generation null"})
    void postgresTransactionReadingAStageFirstAfterItsPublish(String level, String seen) throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "afterPublish")) {
            publish(db, 1);
            try (Connection reader = begin(db, Connection.class.getField("TRANSACTION_" + level).getInt(null))) {
                value(reader, "SELECT 1"); // a snapshot taken here, before the publish

                publish(db, 2);

                assertEquals(seen, orders(db, reader));
                reader.commit();
                assertEquals("1000 of generation 2", orders(db, reader));
            }
        }
    }

    /**
     * PostgreSQL, REPEATABLE READ: locking the views first, before the first query takes the snapshot, reads
     * whole versions (the publish waits for the transaction).
     */
    @Test
    void postgresSnapshotReaderThatLocksTheViewsFirstSeesWholeVersions() throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "lockedViews")) {
            publish(db, 1);
            try (Connection reader = begin(db, Connection.TRANSACTION_REPEATABLE_READ)) {
                try (Statement statement = reader.createStatement()) {
                    statement.execute("LOCK TABLE " + db.table(CrashPipeline.RAW, "orders") + ", "
                            + db.table(CrashPipeline.REPORT, "totals") + " IN ACCESS SHARE MODE");
                }
                CompletableFuture<Result> run = CompletableFuture.supplyAsync(
                        () -> CrashPipeline.run(db.config(), Options.generation(2)));
                awaitPublishWaiting(db);

                assertEquals("1000 of generation 1", orders(db, reader));
                assertEquals(1L, ((Number) value(reader, "SELECT generation FROM "
                        + db.table(CrashPipeline.REPORT, "totals"))).longValue());
                reader.commit();
                assertTrue(run.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).successful());
            }
        }
    }

    /**
     * DuckDB: a transaction sees the versions committed when it first read the database (not at BEGIN), whole,
     * in every stage, even after a publish and after the old tables were dropped: DuckDB versions its catalog
     * too, and has snapshot isolation only.
     */
    @Test
    void duckDbTransactionSeesTheVersionsCommittedWhenItFirstReadTheDatabase() throws SQLException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.DUCKDB, "duckSnapshot")) {
            publish(db, 1);
            try (Connection reader = db.connect()) {
                reader.setAutoCommit(false);
                value(reader, "SELECT 1"); // reads no table: the snapshot is not taken yet
                assertEquals(1L, ((Number) value(reader, "SELECT generation FROM "
                        + db.table(CrashPipeline.REPORT, "totals"))).longValue()); // now it is

                publish(db, 2);

                assertEquals(List.of(), PhysicalTablesState.read(db).orphans().keySet().stream().toList(),
                        "version 1's tables are dropped");
                assertEquals("1000 of generation 1", orders(db, reader));
                reader.commit();
                assertEquals("1000 of generation 2", orders(db, reader));
            }
        }
    }

    private static void publish(TestDatabase db, int generation) {
        Result result = CrashPipeline.run(db.config(), Options.generation(generation));
        assertTrue(result.successful(), result.summary());
    }

    private static Connection begin(TestDatabase db, int isolation) throws SQLException {
        Connection connection = db.connect();
        connection.setTransactionIsolation(isolation);
        connection.setAutoCommit(false);
        return connection;
    }

    private static String orders(TestDatabase db, Connection reader) throws SQLException {
        try (Statement statement = reader.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*), max(generation) FROM "
                     + db.table(CrashPipeline.RAW, "orders"))) {
            rows.next();
            return rows.getLong(1) + " of generation " + rows.getObject(2);
        }
    }

    private static Object value(Connection reader, String sql) throws SQLException {
        try (Statement statement = reader.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getObject(1);
        }
    }

    /** Polls until a session waits for a lock on a view of the instance's stage raw (a publish). */
    private static void awaitPublishWaiting(TestDatabase db) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        String sql = "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace n "
                + "ON n.oid = c.relnamespace WHERE NOT l.granted AND n.nspname = '" + db.schema(CrashPipeline.RAW) + "'";
        while (((Number) db.value(sql)).longValue() == 0) {
            assertTrue(System.nanoTime() < deadline, "no publish waited for the reader");
            Thread.sleep(20);
        }
    }
}
