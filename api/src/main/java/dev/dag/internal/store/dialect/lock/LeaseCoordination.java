package dev.dag.internal.store.dialect.lock;

import dev.dag.internal.jdbc.Statements;
import dev.dag.internal.jdbc.Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases in a table of the metadata schema (PostgreSQL SQL), for connections that do not keep a session: a pooler
 * in transaction mode hands one server session to many clients, so session locks there are not the client's.
 * Each lock and each run's presence is a row with an expiry on the server's clock; a thread of the run renews its
 * rows every third of the lease, and a row whose run stopped renewing it (its process died, or could not reach the
 * database) is free once it expired. Every statement is a transaction of its own.
 */
public final class LeaseCoordination implements Coordination {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseCoordination.class);
    private static final long POLL_MILLIS = 200;
    private static final String RUN = "run:";
    private static final String STAGE = "stage:";
    private static final String EXPIRY = "clock_timestamp() + ? * INTERVAL '1 second'";

    private final String table;
    private final Duration lease;

    /** {@code table}: the quoted, qualified name of the leases table. */
    public LeaseCoordination(String table, Duration lease) {
        this.table = table;
        this.lease = lease;
    }

    @Override
    public Presence join(String runId, Connections connections) throws SQLException {
        try (Connection connection = connections.pooled()) {
            createTable(connection);
            take(connection, RUN + runId, runId);
            try (Statement statement = connection.createStatement()) {
                // presences of runs that died long ago
                statement.execute("DELETE FROM " + table + " WHERE expires_at < clock_timestamp() - INTERVAL '1 day'");
            }
        }
        ScheduledExecutorService renewal = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "dag-lease-" + runId);
            thread.setDaemon(true);
            return thread;
        });
        long period = Math.max(1, lease.toMillis() / 3);
        renewal.scheduleAtFixedRate(() -> renew(runId, connections), period, period, TimeUnit.MILLISECONDS);
        return () -> {
            renewal.shutdownNow();
            try (Connection connection = connections.pooled();
                 PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE holder = ?")) {
                delete.setString(1, runId);
                delete.executeUpdate();
            } catch (SQLException e) {
                LOG.warn("run {}: could not end its leases ({}); they run out after {} s", runId, e.getMessage(),
                        lease.toSeconds());
            }
        };
    }

    private void createTable(Connection connection) throws SQLException {
        String ddl = "CREATE TABLE IF NOT EXISTS " + table + " (name TEXT PRIMARY KEY, holder TEXT NOT NULL, "
                + "expires_at TIMESTAMPTZ NOT NULL)";
        try (Statement statement = connection.createStatement()) {
            statement.execute(ddl);
        } catch (SQLException raced) {
            // two first runs at once: one of them created it
            try (Statement statement = connection.createStatement()) {
                statement.execute(ddl);
            }
        }
    }

    /** Renews every unexpired lease of the run; an expired one stays lost, whoever took it since. */
    private void renew(String runId, Connections connections) {
        try (Connection connection = connections.pooled();
             PreparedStatement update = connection.prepareStatement("UPDATE " + table + " SET expires_at = " + EXPIRY
                     + " WHERE holder = ? AND expires_at > clock_timestamp()")) {
            update.setLong(1, lease.toSeconds());
            update.setString(2, runId);
            update.executeUpdate();
        } catch (SQLException e) {
            LOG.warn("run {}: could not renew its leases ({}); they run out {} s after the last renewal", runId,
                    e.getMessage(), lease.toSeconds());
        }
    }

    /** Takes the lease {@code name} for {@code holder} if it is free or expired; returns whether it did. */
    private boolean take(Connection connection, String name, String holder) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table
                + " AS l (name, holder, expires_at) VALUES (?, ?, " + EXPIRY + ") ON CONFLICT (name) DO UPDATE "
                + "SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at "
                + "WHERE l.expires_at < clock_timestamp()")) {
            insert.setString(1, name);
            insert.setString(2, holder);
            insert.setLong(3, lease.toSeconds());
            return insert.executeUpdate() == 1;
        }
    }

    @Override
    public Set<String> live(Connection connection, Collection<String> runIds) throws SQLException {
        if (runIds.isEmpty()) {
            return Set.of();
        }
        Set<String> held = new HashSet<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT holder FROM " + table
                + " WHERE name LIKE '" + RUN + "%' AND expires_at > clock_timestamp()");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                held.add(rows.getString(1));
            }
        }
        return runIds.stream().filter(held::contains).collect(Collectors.toSet());
    }

    @Override
    public StageLock lock(String runId, String name, Connections connections, Duration timeout,
                          Consumer<String> waiting) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean reported = false;
        while (true) {
            try (Connection connection = connections.pooled()) {
                if (take(connection, STAGE + name, runId)) {
                    return new LeaseStageLock(runId, STAGE + name, connections);
                }
                if (!reported) {
                    waiting.accept(holderOf(connection, STAGE + name));
                    reported = true;
                }
            }
            if (System.nanoTime() > deadline) {
                return null;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private String holderOf(Connection connection, String name) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("SELECT holder, expires_at FROM " + table
                + " WHERE name = ?")) {
            select.setString(1, name);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? "run " + rows.getString(1) + " holds the lease " + name + " (until "
                        + rows.getTimestamp(2).toInstant() + ", renewed while it runs)" : "the lease " + name + " is free";
            }
        }
    }

    /** A stage lease; its publish renews it, and the run's presence, in the publishing transaction. */
    private final class LeaseStageLock implements StageLock {
        private final String runId;
        private final String name;
        private final Connections connections;

        LeaseStageLock(String runId, String name, Connections connections) {
            this.runId = runId;
            this.name = name;
            this.connections = connections;
        }

        @Override
        public void commitFenced(Statements work) throws SQLException {
            try (Connection connection = connections.pooled()) {
                Transactions.commit(connection, fenced -> {
                    proveHeld(fenced);
                    work.run(fenced);
                });
            }
        }

        /** Renews both leases inside the transaction: their rows stay locked, so no one takes them until commit. */
        private void proveHeld(Connection connection) throws SQLException {
            try (PreparedStatement update = connection.prepareStatement("UPDATE " + table + " SET expires_at = "
                    + EXPIRY + " WHERE holder = ? AND name IN (?, ?) AND expires_at > clock_timestamp()")) {
                update.setLong(1, lease.toSeconds());
                update.setString(2, runId);
                update.setString(3, name);
                update.setString(4, RUN + runId);
                if (update.executeUpdate() != 2) {
                    throw new LostStageLockException("its lease ran out before the publish (the run could not renew "
                            + "it for " + lease.toSeconds() + " s, lock_lease_seconds): " + holderOf(connection, name),
                            null);
                }
            }
        }

        @Override
        public void close() {
            try (Connection connection = connections.pooled();
                 PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table
                         + " WHERE name = ? AND holder = ?")) {
                delete.setString(1, name);
                delete.setString(2, runId);
                delete.executeUpdate();
            } catch (SQLException e) {
                LOG.warn("run {}: could not release the lease {} ({}); it runs out after {} s", runId, name,
                        e.getMessage(), lease.toSeconds());
            }
        }
    }
}
