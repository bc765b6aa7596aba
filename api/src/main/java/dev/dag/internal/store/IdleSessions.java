package dev.dag.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Sessions outside the pool (for locks that must end with their session), kept for reuse once every lock on them
 * was released: opening a PostgreSQL session costs tens of milliseconds (a server process starts), and a run
 * takes one per stage. A session is checked with a round trip before reuse, since the server or a proxy may have
 * ended it meanwhile.
 */
final class IdleSessions implements AutoCloseable {
    /** Idle sessions kept at most; more are closed when given back. */
    static final int KEEP = 4;

    /** Opens a new session. */
    interface Opener {
        Connection open() throws SQLException;
    }

    private final Opener opener;
    private final int validationSeconds;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private boolean closed;

    IdleSessions(Opener opener, int validationSeconds) {
        this.opener = opener;
        this.validationSeconds = validationSeconds;
    }

    /** An idle session that still answers, or a new one. */
    Connection take() throws SQLException {
        for (Connection candidate = poll(); candidate != null; candidate = poll()) {
            if (alive(candidate)) {
                return candidate;
            }
            closeQuietly(candidate);
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
                idle.push(session);
                return;
            }
        }
        closeQuietly(session);
    }

    private synchronized Connection poll() {
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
        Deque<Connection> toClose;
        synchronized (this) {
            closed = true;
            toClose = new ArrayDeque<>(idle);
            idle.clear();
        }
        toClose.forEach(IdleSessions::closeQuietly);
    }

    static void closeQuietly(Connection session) {
        try {
            session.close();
        } catch (SQLException e) {
            // ending the session is all that was wanted; a session already gone is ended
        }
    }
}
