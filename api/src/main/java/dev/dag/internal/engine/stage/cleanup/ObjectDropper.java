package dev.dag.internal.engine.stage.cleanup;

import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Drops objects that no version uses any more (replaced ones, what failed runs left), and forgets them. */
public final class ObjectDropper {
    private static final Logger LOG = LoggerFactory.getLogger(ObjectDropper.class);
    /** How long dropping an old table may wait for its last readers before the next run retries. */
    private static final int CLEANUP_TIMEOUT_MILLIS = 2_000;

    private final String stage;
    private final PhysicalTables tables;
    private final Metadata metadata;

    public ObjectDropper(String stage, PhysicalTables tables, Metadata metadata) {
        this.stage = stage;
        this.tables = tables;
        this.metadata = metadata;
    }

    /** Drops {@code object}; if readers still hold it, leaves it to the next run. */
    public void dropQuietly(Connection connection, StoredObject object) {
        dropQuietly(connection, object.physicalName(), object.kind());
    }

    /**
     * Drops the object {@code physical} of kind {@code kind}; if readers still hold it, leaves it to the next run.
     *
     * @return whether it is gone
     */
    public boolean dropQuietly(Connection connection, String physical, ObjectKind kind) {
        try {
            if (kind == ObjectKind.TABLE) {
                tables.dropOld(connection, physical, CLEANUP_TIMEOUT_MILLIS);
            }
            metadata.objects().forget(connection, physical);
            return true;
        } catch (SQLException e) {
            LOG.info("stage {}: table {} is still in use ({}); the next run drops it", stage, physical, e.getMessage());
            return false;
        }
    }
}
