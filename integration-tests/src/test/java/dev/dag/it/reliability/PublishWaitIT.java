package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.MaterializationException;
import dev.dag.Result;
import dev.dag.TaskOutcome;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * PostgreSQL: changing a view waits for every open transaction that read it, so a reader left idle in a
 * transaction (a BI tool's session) would hold a publish, and every reader queued behind it, for as long as it
 * stays open. The publish gives up after {@code publish_wait_seconds} naming that session; the stage keeps its
 * version, and the next run, once the reader is gone, publishes the tables the blocked run wrote without writing
 * them again.
 */
@Tag("reliability")
class PublishWaitIT {
    private static final String READER = "bi-dashboard";

    @Test
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard, not a speed claim
    void publishGivesUpAfterPublishWaitSecondsNamingTheReaderIdleInATransaction() throws SQLException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "publishWait");
             ConfigContext impatient = Instances.with(db.config(), builder -> builder.publishWaitSeconds(2))) {
            assertTrue(CrashPipeline.run(db.config(), Options.generation(1)).successful());
            StageContents version1 = StageContents.read(db);
            String orders = db.table(CrashPipeline.RAW, "orders");

            try (Connection reader = readerSession(db)) {
                reader.setAutoCommit(false);
                assertEquals(1_000, count(reader, orders)); // the reader's transaction now holds raw's view

                MaterializationException failure = assertThrows(MaterializationException.class,
                        () -> CrashPipeline.run(impatient, Options.generation(2)));

                String message = failure.getMessage();
                assertTrue(message.contains("Stage 'raw' could not be published"), message);
                assertTrue(message.contains("for 2 s (publish_wait_seconds)"), message);
                assertTrue(message.contains("application '" + READER + "', idle in transaction"), message);
                assertTrue(message.contains("End those transactions"), message);
                assertEquals(version1, StageContents.read(db), "other readers still see version 1");
                assertEquals(1_000, count(reader, orders));
                reader.commit();
            }

            Result next = CrashPipeline.run(impatient, Options.generation(2));
            assertTrue(next.successful(), next.summary());
            assertEquals(Map.of("orders", TaskOutcome.CACHE_VALID, "customers", TaskOutcome.LAZY_CACHE_VALID,
                    "scores", TaskOutcome.LAZY_CACHE_VALID, "totals", TaskOutcome.RAN), outcomes(next),
                    "stage raw, written by the blocked run, is taken over");
            assertEquals(StageContents.ofAFreshRun(db.kind(), Options.generation(2)), StageContents.read(db));
            NothingLost.assertIntactAndClean(db);
        }
    }

    private static Map<String, TaskOutcome> outcomes(Result result) {
        Map<String, TaskOutcome> outcomes = new TreeMap<>();
        result.tasks().forEach(task -> outcomes.put(task.task(), task.outcome()));
        return outcomes;
    }

    private static Connection readerSession(TestDatabase db) throws SQLException {
        ConfigContext config = db.config();
        return DriverManager.getConnection(config.url() + (config.url().contains("?") ? "&" : "?")
                + "ApplicationName=" + READER, config.user(), config.password());
    }

    private static long count(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + table)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
