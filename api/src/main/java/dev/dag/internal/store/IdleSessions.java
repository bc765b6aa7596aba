package dev.dag.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Sessions outside the pool (for locks that must end with their session), kept for reuse once every lock on them
 * was released: opening a PostgreSQL session costs tens of milliseconds (a server process starts), and a run
 * takes one per stage. A session idle for longer than {@link #TRUSTED_IDLE_NANOS} is checked with a round trip
 * before reuse, since the server or a proxy may have ended it meanwhile; one given back just before is not (a run
 * takes and gives back one per stage, and the check doubled the cost of a stage whose tasks are cache-valid).
 */
final class IdleSessions implements AutoCloseable {
    /** Idle sessions kept at most; more are closed when given back. */
    static final int KEEP = 4;
    /** How long a session given back is reused without a check (as HikariCP bypasses its own check). */
    static final long TRUSTED_IDLE_NANOS = 500_000_000L;

    /** Opens a new session. */
    interface Opener {
        Connection open() throws SQLException;
    }

    private final Opener opener;
    private final int validationSeconds;
    private final Deque<Idle> idle = new ArrayDeque<>();
    private boolean closed;

    IdleSessions(Opener opener, int validationSeconds) {
        this.opener = opener;
        this.validationSeconds = validationSeconds;
    }

    /** A session and when it was given back. */
    private record Idle(Connection session, long since) {
    }

    /** An idle session that still answers, or a new one. */
    Connection take() throws SQLException {
        for (Idle candidate = poll(); candidate != null; candidate = poll()) {
            if (System.nanoTime() - candidate.since() < TRUSTED_IDLE_NANOS || alive(candidate.session())) {
                return candidate.session();
            }
            closeQuietly(candidate.session());
        }
        return opener.open();
    }

    /**
     * Keeps {@code session} for reuse; the caller has released every lock it held and left it in auto-commit
     * mode. Closes it instead when enough are idle, the sessions were closed, or it is not in auto-commit mode.
     */
    void giveBack(Connection session) {
        boolean keep;
        try {
            keep = !session.isClosed() && session.getAutoCommit();
        } catch (SQLException e) {
            keep = false;
        }
        synchronized (this) {
            if (keep && !closed && idle.size() < KEEP) {
                idle.push(new Idle(session, System.nanoTime()));
                return;
            }
        }
        closeQuietly(session);
    }

    private synchronized Idle poll() {
        return idle.poll();
    }

    private boolean alive(Connection session) {
        try {
            return session.isValid(validationSeconds);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        Deque<Idle> toClose;
        synchronized (this) {
            closed = true;
            toClose = new ArrayDeque<>(idle);
            idle.clear();
        }
        toClose.forEach(closing -> closeQuietly(closing.session()));
    }

    static void closeQuietly(Connection session) {
        try {
            session.close();
        } catch (SQLException e) {
            // ending the session is all that was wanted; a session already gone is ended
        }
    }
}
