package dev.dag.internal.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Prepared statements kept for reuse on each physical connection, for drivers whose prepare costs about as much as
 * running the statement (an embedded database has no server keeping plans: DuckDB parses and plans every
 * {@code prepareStatement} anew, a millisecond for one of dag's metadata queries). Only drivers enabled with
 * {@link #enableFor} reuse; the statements of a connection end with it (they are kept on the driver's own
 * connection, under the pool's, which hands each to one thread at a time).
 */
final class ReusedStatements {
    private static final Set<Class<?>> ENABLED = ConcurrentHashMap.newKeySet();
    private static final Map<Connection, Map<String, Kept>> KEPT = Collections.synchronizedMap(new WeakHashMap<>());

    /** A statement and whether a caller uses it now (a nested use of the same text prepares its own). */
    private static final class Kept {
        final PreparedStatement statement;
        boolean inUse;

        Kept(PreparedStatement statement) {
            this.statement = statement;
        }
    }

    private ReusedStatements() {
    }

    /** From now on, the statements of connections of the same driver as {@code connection} are reused. */
    static void enableFor(Connection connection) throws SQLException {
        ENABLED.add(physical(connection).getClass());
    }

    /**
     * A statement of {@code sql} on {@code connection}, kept from an earlier use when its driver reuses them; hand it
     * back with {@link #release} (never close it).
     */
    static PreparedStatement prepare(Connection connection, String sql) throws SQLException {
        Connection physical = physical(connection);
        if (!ENABLED.contains(physical.getClass())) {
            return connection.prepareStatement(sql);
        }
        Map<String, Kept> statements;
        synchronized (KEPT) {
            statements = KEPT.computeIfAbsent(physical, key -> new HashMap<>());
        }
        Kept kept = statements.get(sql);
        if (kept == null || kept.statement.isClosed()) {
            kept = new Kept(physical.prepareStatement(sql));
            statements.put(sql, kept);
        } else if (kept.inUse) {
            return connection.prepareStatement(sql);
        }
        kept.inUse = true;
        kept.statement.clearParameters();
        return kept.statement;
    }

    /**
     * Hands back a statement of {@link #prepare}: a kept one is kept for the next use unless {@code failed} (a
     * statement that failed is closed, in case the failure left it unusable); any other is closed.
     */
    static void release(Connection connection, String sql, PreparedStatement statement, boolean failed)
            throws SQLException {
        Map<String, Kept> statements = KEPT.get(physical(connection));
        Kept kept = statements == null ? null : statements.get(sql);
        if (kept == null || kept.statement != statement) {
            statement.close();
            return;
        }
        kept.inUse = false;
        if (failed) {
            statements.remove(sql);
            statement.close();
        }
    }

    /** The driver's own connection under a pool's. */
    private static Connection physical(Connection connection) throws SQLException {
        return connection.isWrapperFor(Connection.class) ? connection.unwrap(Connection.class) : connection;
    }
}
