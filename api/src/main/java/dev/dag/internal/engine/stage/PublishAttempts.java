package dev.dag.internal.engine.stage;

import dev.dag.MaterializationException;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.Dialect;
import dev.dag.internal.jdbc.Statements;
import dev.dag.internal.store.dialect.lock.StageLock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits a stage's publishing transaction, giving way to readers: changing a view waits for every open
 * transaction that read it (PostgreSQL), and while it waits every new reader of the view queues behind it. So
 * each attempt gives up after a short wait, and never in a way that makes a reader the victim of a deadlock
 * ({@link dev.dag.internal.store.dialect.Dialect#lockViews}); the next comes after a pause in which readers go on,
 * until {@code publish_wait_seconds} passed; then the publish fails naming the sessions that held the stage's
 * views.
 */
final class PublishAttempts {
    private static final Logger LOG = LoggerFactory.getLogger(PublishAttempts.class);
    private static final int ATTEMPT_MILLIS = 1_000;
    private static final long PAUSE_MILLIS = 500;
    private static final int QUERY_CHARS = 80;

    private final Database database;
    private final String stage;

    PublishAttempts(Database database, String stage) {
        this.database = database;
        this.stage = stage;
    }

    /**
     * Commits {@code work} under {@code lock}.
     *
     * @throws MaterializationException naming the blocking sessions if readers held the views for too long
     * @throws SQLException             if the database refused it otherwise, or the lock was lost
     */
    void commit(StageLock lock, Statements work) throws SQLException {
        Dialect dialect = database.dialect();
        if (!dialect.capabilities().readersLockRelations()) {
            lock.commitFenced(work);
            return;
        }
        String timeout = dialect.lockTimeout(ATTEMPT_MILLIS).orElseThrow();
        int waitSeconds = database.config().publishWaitSeconds();
        long deadline = System.nanoTime() + waitSeconds * 1_000_000_000L;
        for (int attempt = 1; ; attempt++) {
            try {
                lock.commitFenced(connection -> {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute(timeout);
                    }
                    work.run(connection);
                });
                return;
            } catch (SQLException e) {
                if (!dialect.gaveUpWaitingForLocks(e)) {
                    throw e;
                }
                LOG.debug("stage {}: publish attempt {} gave way to readers: {}", stage, attempt, e.getMessage());
                if (System.nanoTime() > deadline) {
                    throw blocked(waitSeconds, e);
                }
                if (attempt == 1) {
                    LOG.info("stage {}: readers hold its views; publishing waits up to {} s (publish_wait_seconds) "
                            + "for them: {}", stage, waitSeconds, String.join("; ", holders()));
                }
            }
            pause();
        }
    }

    private MaterializationException blocked(int waitSeconds, SQLException cause) {
        List<String> holders = holders();
        return new MaterializationException("Stage '" + stage + "' could not be published: other sessions held "
                + "its views for " + waitSeconds + " s (publish_wait_seconds), and changing a view waits for every "
                + "open transaction that read it. " + (holders.isEmpty() ? "They ended just now."
                : "Holding them: " + String.join("; ", holders) + ".") + " End those transactions (a reader left "
                + "idle in a transaction holds its views until it commits), or raise publish_wait_seconds, and run "
                + "again. The stage keeps its previous version.", null, null, stage, null, cause);
    }

    /** The sessions holding locks on the stage's views, one description each (empty if none or unknown). */
    private List<String> holders() {
        List<String> holders = new ArrayList<>();
        try (Connection connection = database.connection();
             PreparedStatement select = connection.prepareStatement(database.dialect().selectLockHolders().orElseThrow())) {
            select.setString(1, database.stageSchema(stage));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String query = String.valueOf(rows.getString(5)).strip().replaceAll("\\s+", " ");
                    Timestamp started = rows.getTimestamp(4);
                    holders.add("pid " + rows.getInt(1) + " (application '" + rows.getString(2) + "', "
                            + rows.getString(3) + ", last query started " + (started == null ? "never"
                            : started.toInstant()) + ": "
                            + (query.length() > QUERY_CHARS ? query.substring(0, QUERY_CHARS) + "..." : query) + ")");
                }
            }
        } catch (SQLException e) {
            LOG.debug("stage {}: cannot list the sessions holding its views: {}", stage, e.getMessage());
        }
        return holders;
    }

    private void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MaterializationException("Interrupted while publishing stage '" + stage + "'", null, null, stage,
                    null, e);
        }
    }
}
