package dev.dag.internal.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The one transaction rule of dag: statements run with auto-commit off and commit together; any exception rolls
 * them back (a rollback that fails too is added to it as suppressed: the pool drops a connection whose transaction
 * it cannot end), and the connection's auto-commit mode is restored afterwards, so that a pooled connection never
 * keeps a transaction (and its snapshot) open.
 */
public final class Transactions {
    private Transactions() {
    }

    /** A unit of work that gives a value. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Runs {@code statements} in one transaction and commits; rolls back if they throw. */
    public static void commit(Connection connection, Statements statements) throws SQLException {
        run(connection, unused -> {
            statements.run(unused);
            return null;
        }, true);
    }

    /** Runs {@code work} in one transaction, commits and returns its value; rolls back if it throws. */
    public static <T> T commitReturning(Connection connection, Work<T> work) throws SQLException {
        return run(connection, work, true);
    }

    /**
     * Runs {@code work}, which only reads, in a transaction that is rolled back at the end: for reads a driver
     * streams only inside a transaction (PostgreSQL honours a fetch size only there). On a connection whose caller
     * already opened a transaction the work joins it: ending it here would roll back the caller's writes.
     */
    public static <T> T readInTransaction(Connection connection, Work<T> work) throws SQLException {
        if (!connection.getAutoCommit()) {
            return work.run(connection);
        }
        return run(connection, work, false);
    }

    /**
     * Ends the open transaction, if any, of a connection whose statement failed inside work of {@link #commit} or
     * {@link #commitReturning}, so that it can still read (PostgreSQL refuses every statement of a transaction a
     * failed statement has lost). The work must then throw: its writes are gone.
     */
    public static void abandon(Connection connection) throws SQLException {
        if (!connection.getAutoCommit()) {
            connection.rollback();
        }
    }

    private static <T> T run(Connection connection, Work<T> work, boolean commit) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            T value = work.run(connection);
            if (commit) {
                connection.commit();
            } else {
                connection.rollback();
            }
            return value;
        } catch (SQLException | RuntimeException | Error e) {
            try {
                connection.rollback();
            } catch (SQLException rollbackFailed) {
                e.addSuppressed(rollbackFailed);
            }
            throw e;
        } finally {
            try {
                connection.setAutoCommit(autoCommit);
            } catch (SQLException closed) {
                // a connection that is gone has no mode to restore
            }
        }
    }
}
