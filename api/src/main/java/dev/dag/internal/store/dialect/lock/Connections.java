package dev.dag.internal.store.dialect.lock;

import java.sql.Connection;
import java.sql.SQLException;

/** Where locks and presences get their connections. */
public interface Connections {
    /** A connection of the instance's pool, in auto-commit mode; closing it returns it to the pool. */
    Connection pooled() throws SQLException;

    /**
     * A session outside the pool, for locks that end with their session: a new one, or one given back by
     * {@link #release} earlier. One given back just before is handed out unchecked: if the first statement on it
     * fails, close it and take a {@link #newSession()}. Close it to end the session (which releases its locks).
     */
    Connection session() throws SQLException;

    /** A new session outside the pool, never one given back. */
    Connection newSession() throws SQLException;

    /**
     * Gives back a session of {@link #session()} on which every lock was released, in auto-commit mode, for reuse
     * (or closes it).
     */
    void release(Connection session);
}
