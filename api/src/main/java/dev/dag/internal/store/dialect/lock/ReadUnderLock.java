package dev.dag.internal.store.dialect.lock;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A query that a stage lock runs as soon as it is taken, in the same round trip where its coordination can: on
 * PostgreSQL a second statement on the lock's session, whose snapshot is taken after the lock was granted, so it
 * reads everything committed before. A coordination that cannot leaves it unread ({@link #wasRead()} false) and
 * the caller reads under the lock itself.
 */
public interface ReadUnderLock {
    /** The query. */
    String sql();

    /** Its parameters, made on {@code connection} (an array parameter needs the connection that sends it). */
    Object[] parameters(Connection connection) throws SQLException;

    /** Reads what the query returned, once the lock is held. */
    void read(ResultSet rows) throws SQLException;

    /** Whether {@link #read} was called. */
    boolean wasRead();
}
