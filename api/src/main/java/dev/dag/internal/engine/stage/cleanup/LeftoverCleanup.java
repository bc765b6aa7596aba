package dev.dag.internal.engine.stage.cleanup;

import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.store.meta.ObjectState;
import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops what dead runs left in a stage: objects they staged, and old versions' objects retired since, once no
 * run that was live at their retirement is live any more (it may still read them). What a live run staged is
 * its own to drop: it is there only if that run lost the stage's lock, and it cannot publish it.
 */
public final class LeftoverCleanup {
    private static final Logger LOG = LoggerFactory.getLogger(LeftoverCleanup.class);
    /** How long the record of a staged table that never appeared is kept (see {@link #mayStillAppear}). */
    private static final int ORPHAN_GRACE_HOURS = 24;

    private final String stage;
    private final PhysicalTables tables;
    private final Metadata metadata;
    private final ObjectDropper dropper;

    public LeftoverCleanup(String stage, PhysicalTables tables, Metadata metadata, ObjectDropper dropper) {
        this.stage = stage;
        this.tables = tables;
        this.metadata = metadata;
        this.dropper = dropper;
    }

    /** Drops the {@code leftovers} of the stage that no live run staged or may still read. */
    public void clean(Connection connection, List<StoredObject> leftovers) throws SQLException {
        Set<String> live = metadata.runs().live(connection, owners(leftovers));
        for (StoredObject leftover : leftovers) {
            if (leftover.state() == ObjectState.STAGED && live.contains(leftover.runId())) {
                LOG.info("stage {}: {} was staged by run {}, which is still live but no longer holds the stage's "
                        + "lock; that run drops it", stage, leftover.physicalName(), leftover.runId());
            } else if (leftover.state() == ObjectState.RETIRED
                    && !Collections.disjoint(leftover.retiredWhile(), live)) {
                LOG.debug("stage {}: {} is kept while runs {} may still read it", stage, leftover.physicalName(),
                        leftover.retiredWhile());
            } else if (!mayStillAppear(connection, leftover)) {
                dropper.dropQuietly(connection, leftover);
            }
        }
    }

    /** The runs whose liveness decides about the leftovers: who staged them, who may still read them. */
    private static Set<String> owners(List<StoredObject> leftovers) {
        Set<String> owners = new HashSet<>();
        for (StoredObject leftover : leftovers) {
            if (leftover.state() == ObjectState.STAGED) {
                owners.add(leftover.runId());
            } else {
                owners.addAll(leftover.retiredWhile());
            }
        }
        return owners;
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
        if (missingTable && metadata.runs().startedWithin(connection, leftover.runId(), ORPHAN_GRACE_HOURS)) {
            LOG.info("stage {}: table {} of run {} is not there (yet); its record is kept until a later run",
                    stage, leftover.physicalName(), leftover.runId());
            return true;
        }
        return false;
    }
}
