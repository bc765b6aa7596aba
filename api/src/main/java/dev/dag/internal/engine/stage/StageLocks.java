package dev.dag.internal.engine.stage;

import dev.dag.MaterializationException;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.lock.LockProbe;
import dev.dag.internal.store.dialect.lock.StageLock;
import java.sql.SQLException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Takes a stage's lock for a run, so that two runs never write one stage at once. */
public final class StageLocks {
    private static final Logger LOG = LoggerFactory.getLogger(StageLocks.class);

    private StageLocks() {
    }

    /** The lock of {@code stage} for run {@code runId}, taken without a probe. */
    public static StageLock take(Database database, String runId, String stage) {
        return take(database, runId, stage, Optional.empty());
    }

    /**
     * The lock of {@code stage} for run {@code runId}, waiting up to the instance's {@code lock_timeout_seconds};
     * {@code probe} answered under it where the database can send both at once ({@link StageLock#probed()}).
     *
     * @throws MaterializationException if another run still holds it then, or the lock cannot be taken
     */
    public static StageLock take(Database database, String runId, String stage, Optional<LockProbe> probe) {
        int timeout = database.config().lockTimeoutSeconds();
        try {
            StageLock held = database.lockStage(runId, stage, holder -> LOG.info("stage {}: waiting up to {} s for the "
                    + "stage lock: {}", stage, timeout, holder), probe);
            if (held == null) {
                throw new MaterializationException("Stage '" + stage + "' is being written by another run, which still "
                        + "held it after " + timeout + " s (lock_timeout_seconds). Wait for it to finish, or raise the "
                        + "timeout.", null, null, stage, null, null);
            }
            return held;
        } catch (SQLException e) {
            throw new MaterializationException("Cannot lock stage '" + stage + "': " + e.getMessage(), null, null, stage,
                    null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MaterializationException("Interrupted while waiting for the lock of stage '" + stage + "'", null,
                    null, stage, null, e);
        }
    }
}
