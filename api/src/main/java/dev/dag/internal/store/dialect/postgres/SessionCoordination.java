package dev.dag.internal.store.dialect.postgres;

import dev.dag.internal.jdbc.Statements;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.store.dialect.lock.Connections;
import dev.dag.internal.store.dialect.lock.Coordination;
import dev.dag.internal.store.dialect.lock.LockProbe;
import dev.dag.internal.store.dialect.lock.LostStageLockException;
import dev.dag.internal.store.dialect.lock.Presence;
import dev.dag.internal.store.dialect.lock.StageLock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * PostgreSQL session advisory locks, each on a session of its own kept out of the pool (returning a pooled
 * connection would not release a session lock): one per stage, and one per run that marks it live. When a process
 * dies the server ends its sessions, which releases both. A session whose locks were all released is given back
 * for the next lock (opening one costs a server process). Needs sessions that last: a pooler in transaction mode
 * hands one session to many clients, which breaks them (use {@link LeaseCoordination} there).
 */
public final class SessionCoordination implements Coordination {
    private static final long POLL_MILLIS = 200;

    /** The key namespace of the runs' presence locks, apart from other metadata schemas' in the same database. */
    private final int runNamespace;

    /** Stage locks let go of, released with the next lock statement on their session. */
    private final LetGoSessions letGo = new LetGoSessions(SessionCoordination::unlockAndRelease);

    public SessionCoordination(String metadataSchema) {
        this.runNamespace = AdvisoryKeys.small(metadataSchema + "/runs");
    }

    @Override
    public Presence join(String runId, Connections connections) throws SQLException {
        Opened<Boolean> opened = open(connections, session -> {
            try (PreparedStatement lock = session.prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
                lock.setInt(1, runNamespace);
                lock.setInt(2, AdvisoryKeys.small(runId));
                return lock.execute(); // false only if a live run shares the key's 31 bits: it then counts for both
            }
        });
        Connection session = opened.session();
        return () -> unlockAndRelease(session, connections);
    }

    /** A session and what its first statement returned. */
    private record Opened<T>(Connection session, T first) {
    }

    /** The first statement on a session. */
    @FunctionalInterface
    private interface First<T> {
        T run(Connection session) throws SQLException;
    }

    /**
     * A session on which {@code first} ran. A session given back just before comes unchecked: if {@code first} fails
     * on it, it is taken for ended (the server or a proxy closed it) and {@code first} runs again on a new one.
     */
    private static <T> Opened<T> open(Connections connections, First<T> first) throws SQLException {
        return open(connections.session(), connections, first, first);
    }

    /** As {@link #open(Connections, First)} on {@code reused}, with {@code onReused} as its first statement. */
    private static <T> Opened<T> open(Connection reused, Connections connections, First<T> onReused, First<T> first)
            throws SQLException {
        try {
            return new Opened<>(reused, onReused.run(reused));
        } catch (SQLException | RuntimeException e) {
            closeQuietly(reused);
        }
        Connection session = connections.newSession();
        try {
            return new Opened<>(session, first.run(session));
        } catch (SQLException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    @Override
    public Set<String> live(Connection connection, Collection<String> runIds) throws SQLException {
        if (runIds.isEmpty()) {
            return Set.of();
        }
        Set<Long> held = new HashSet<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT objid::bigint FROM pg_locks "
                + "WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint = ? "
                + "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")) {
            select.setLong(1, runNamespace);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    held.add(rows.getLong(1));
                }
            }
        }
        return runIds.stream().filter(id -> held.contains((long) AdvisoryKeys.small(id))).collect(Collectors.toSet());
    }

    @Override
    public StageLock lock(String runId, String name, Connections connections, Duration timeout,
                          Consumer<String> waiting) throws SQLException, InterruptedException {
        return lock(runId, name, connections, timeout, waiting, null);
    }

    @Override
    public boolean answersProbes() {
        return true;
    }

    /** With a probe, the lock statement and the probe go in one round trip, the probe as a statement of its own. */
    @Override
    public StageLock lock(String runId, String name, Connections connections, Duration timeout,
                          Consumer<String> waiting, LockProbe probe) throws SQLException, InterruptedException {
        long key = AdvisoryKeys.of(name);
        long deadline = System.nanoTime() + timeout.toNanos();
        Connection letGoOf = letGo.take();
        First<Attempt> attempt = candidate -> tryLock(candidate, key, probe, false);
        Opened<Attempt> opened = letGoOf == null ? open(connections, attempt)
                : open(letGoOf, connections, candidate -> tryLock(candidate, key, probe, true), attempt);
        Connection session = opened.session();
        try {
            boolean reported = false;
            Attempt tried = opened.first();
            for (; !tried.locked(); tried = tryLock(session, key, probe, false)) {
                if (!reported) {
                    waiting.accept("another process holds the advisory lock " + key + " (" + name + ")");
                    reported = true;
                }
                if (System.nanoTime() > deadline) {
                    session.close();
                    return null;
                }
                Thread.sleep(POLL_MILLIS);
            }
            return new AdvisoryStageLock(session, key, connections, tried.probed(), letGo);
        } catch (SQLException | InterruptedException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Whether an attempt got the lock, and then what the probe answered (null without a probe). */
    private record Attempt(boolean locked, String probed) {
    }

    /**
     * Tries the lock, in one round trip with what goes with it: first, with {@code releaseFirst}, the release of the
     * locks a run let go of on this session ({@link LetGoSessions}); then, with a probe, the probe, as a statement of
     * its own after the lock's, so that it reads with a snapshot taken once the lock is held (within one statement,
     * the snapshot would be taken before the lock, and miss a publish committed just before its holder let go).
     */
    private static Attempt tryLock(Connection session, long key, LockProbe probe, boolean releaseFirst)
            throws SQLException {
        String lock = (releaseFirst ? "SELECT pg_advisory_unlock_all();\n" : "") + "SELECT pg_try_advisory_lock(?)";
        try (PreparedStatement statement = session.prepareStatement(probe == null ? lock
                : lock + ";\n" + probe.sql())) {
            statement.setLong(1, key);
            if (probe != null) {
                for (int i = 0; i < probe.parameters().size(); i++) {
                    statement.setObject(i + 2, probe.parameters().get(i));
                }
            }
            statement.execute();
            if (releaseFirst) {
                statement.getMoreResults(); // past the release's result, to the lock's
            }
            boolean locked;
            try (ResultSet result = statement.getResultSet()) {
                result.next();
                locked = result.getBoolean(1);
            }
            if (probe == null || !locked || !statement.getMoreResults()) {
                return new Attempt(locked, null);
            }
            try (ResultSet answer = statement.getResultSet()) {
                return new Attempt(true, answer.next() ? answer.getString(1) : null);
            }
        }
    }

    /**
     * Releases every advisory lock of {@code session} and gives it back for reuse; a session that cannot say it
     * released them is closed, which releases them too.
     */
    private static void unlockAndRelease(Connection session, Connections connections) {
        try (PreparedStatement unlock = session.prepareStatement("SELECT pg_advisory_unlock_all()")) {
            unlock.execute();
        } catch (SQLException e) {
            closeQuietly(session);
            return;
        }
        connections.release(session);
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // the session ends with the connection, which releases its locks anyway
        }
    }

    /** A stage lock held by one session; the stage is published on that session, so the lock holds until commit. */
    private static final class AdvisoryStageLock implements StageLock {
        private final Connection session;
        private final long key;
        private final Connections connections;

        private final String probed;
        private final LetGoSessions letGo;

        AdvisoryStageLock(Connection session, long key, Connections connections, String probed, LetGoSessions letGo) {
            this.session = session;
            this.key = key;
            this.connections = connections;
            this.probed = probed;
            this.letGo = letGo;
        }

        @Override
        public Optional<String> probed() {
            return Optional.ofNullable(probed);
        }

        @Override
        public void commitFenced(Statements work) throws SQLException {
            try {
                Transactions.commit(session, fenced -> {
                    proveHeld(fenced);
                    work.run(fenced);
                });
            } catch (LostStageLockException e) {
                throw e;
            } catch (SQLException e) {
                if (!session.isValid(2)) {
                    throw lost(e);
                }
                throw e;
            }
        }

        /** Inside the transaction: this session still holds the lock (it cannot lose it while it lives). */
        private void proveHeld(Connection connection) throws SQLException {
            try (PreparedStatement check = connection.prepareStatement("SELECT count(*) FROM pg_locks "
                    + "WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid() AND objsubid = 1 "
                    + "AND classid::bigint = ? AND objid::bigint = ?")) {
                check.setLong(1, key >>> 32);
                check.setLong(2, key & 0xffffffffL);
                try (ResultSet rows = check.executeQuery()) {
                    rows.next();
                    if (rows.getLong(1) == 0) {
                        throw new LostStageLockException("its session no longer holds the advisory lock " + key, null);
                    }
                }
            } catch (LostStageLockException e) {
                throw e;
            } catch (SQLException e) {
                throw lost(e);
            }
        }

        private LostStageLockException lost(SQLException cause) {
            return new LostStageLockException("the PostgreSQL session that held its advisory lock " + key + " ended ("
                    + cause.getMessage().strip() + "): the server or a proxy closed it, e.g. pg_terminate_backend, "
                    + "idle_session_timeout, a restart, or a pooler dropping idle connections", cause);
        }

        /** Lets go of the lock: the next lock taken on this session releases it in its round trip, or soon. */
        @Override
        public void close() {
            letGo.letGo(session, connections);
        }
    }
}
