package dev.dag.internal.engine.stage;

import dev.dag.internal.cache.MetadataStore.StoredObject;
import dev.dag.internal.cache.MetadataStore;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.cache.ObjectState;
import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Drops what crashed or failed runs left in a stage: objects they staged or that were retired since. */
final class LeftoverCleanup {
    private static final Logger LOG = LoggerFactory.getLogger(LeftoverCleanup.class);
    /** How long the record of a staged table that never appeared is kept (see {@link #mayStillAppear}). */
    private static final int ORPHAN_GRACE_HOURS = 24;

    private final String stage;
    private final PhysicalTables tables;
    private final MetadataStore metadata;
    private final ObjectDropper dropper;

    LeftoverCleanup(String stage, PhysicalTables tables, MetadataStore metadata, ObjectDropper dropper) {
        this.stage = stage;
        this.tables = tables;
        this.metadata = metadata;
        this.dropper = dropper;
    }

    void clean(Connection connection, List<StoredObject> leftovers) throws SQLException {
        for (StoredObject leftover : leftovers) {
            if (!mayStillAppear(connection, leftover)) {
                dropper.dropQuietly(connection, leftover);
            }
        }
    }

    /**
     * Whether a staged table of a recent run is missing only because its statement has not committed yet: a
     * database server finishes the statement of a killed client (PostgreSQL notices the dead connection only
     * after the statement), so the table may appear after this run looked. Its record is kept, so that a
     * later run drops it instead of leaving an orphan nobody knows about.
     */
    private boolean mayStillAppear(Connection connection, StoredObject leftover) throws SQLException {
        boolean missingTable = leftover.state() == ObjectState.STAGED && leftover.kind() == ObjectKind.TABLE
                && !tables.exists(connection, leftover.physicalName());
        if (missingTable && metadata.startedWithin(connection, leftover.runId(), ORPHAN_GRACE_HOURS)) {
            LOG.info("stage {}: table {} of run {} is not there (yet); its record is kept until a later run",
                    stage, leftover.physicalName(), leftover.runId());
            return true;
        }
        return false;
    }
}
