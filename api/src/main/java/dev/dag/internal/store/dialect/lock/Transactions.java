package dev.dag.internal.store.dialect.lock;

import java.sql.Connection;
import java.sql.SQLException;

/** Runs statements as one transaction on a connection that is otherwise in auto-commit mode. */
public final class Transactions {
    private Transactions() {
    }

    /**
     * Runs {@code fence} then {@code work} in one transaction and commits; rolls back if either throws. The
     * connection is back in auto-commit mode afterwards.
     */
    public static void commit(Connection connection, StageLock.Transaction fence, StageLock.Transaction work)
            throws SQLException {
        connection.setAutoCommit(false);
        try {
            fence.run(connection);
            work.run(connection);
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollbackFailed) {
                e.addSuppressed(rollbackFailed);
            }
            throw e;
        } finally {
            try {
                connection.setAutoCommit(true);
            } catch (SQLException closed) {
                // a connection that is gone has no mode to restore
            }
        }
    }
}
