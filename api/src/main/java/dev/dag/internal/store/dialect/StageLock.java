package dev.dag.internal.store.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Consumer;

/** Serializes runs of one stage, so that two runs never write the same stage at once. */
public interface StageLock {

    /** Opens a connection for a lock that lives on the database side. */
    @FunctionalInterface
    interface Connections {
        Connection open() throws SQLException;
    }

    /** A held lock; closing it releases the lock. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Takes the lock named {@code name}, waiting at most {@code timeout}.
     *
     * @param waiting called once, with a description, if the lock is held by someone else
     * @return the held lock, or null if the timeout passed
     */
    Held acquire(String name, Connections connections, Duration timeout, Consumer<String> waiting)
            throws SQLException, InterruptedException;
}
