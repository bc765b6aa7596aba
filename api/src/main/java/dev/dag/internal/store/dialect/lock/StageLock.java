package dev.dag.internal.store.dialect.lock;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A held stage lock: while a run holds it, no other run writes the stage. A lock can be lost while it is held
 * (its session ends, its lease runs out); {@link #commitFenced} is how a publish proves it was not.
 */
public interface StageLock extends AutoCloseable {

    /** Statements of one transaction, run on the connection given. */
    @FunctionalInterface
    interface Transaction {
        void run(Connection connection) throws SQLException;
    }

    /**
     * Runs {@code work} in one transaction that commits only if this lock is held until the commit: a run that
     * lost its lock commits nothing, whatever another run did to the stage meanwhile.
     *
     * @throws LostStageLockException if the lock was lost (nothing of {@code work} is committed)
     * @throws SQLException           if {@code work} failed (rolled back)
     */
    void commitFenced(Transaction work) throws SQLException;

    /** Releases the lock. */
    @Override
    void close();
}
