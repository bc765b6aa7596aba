package dev.dag.internal.store.dialect.lock;

import java.sql.Connection;
import java.sql.SQLException;

/** Where locks and presences get their connections. */
public interface Connections {
    /** A connection of the instance's pool, in auto-commit mode; closing it returns it to the pool. */
    Connection pooled() throws SQLException;

    /** A new connection outside the pool, for a lock that ends with its session; closing it ends the session. */
    Connection dedicated() throws SQLException;
}
