package dev.dag.internal.store.dialect.lock;

import java.sql.SQLException;

/**
 * A run found, when it was about to publish a stage, that it no longer holds the stage's lock: another run may
 * have written the stage since, so nothing was committed. The message says how the lock was lost.
 */
public final class LostStageLockException extends SQLException {
    public LostStageLockException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
