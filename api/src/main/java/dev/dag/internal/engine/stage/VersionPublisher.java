package dev.dag.internal.engine.stage;

import dev.dag.MaterializationException;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.Metadata.VersionChange;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.engine.stage.cleanup.ObjectDropper;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Failpoints;
import dev.dag.internal.store.PhysicalTables;
import dev.dag.internal.store.StagePublisher;
import dev.dag.internal.store.dialect.Capabilities;
import dev.dag.internal.store.dialect.lock.LostStageLockException;
import dev.dag.internal.store.dialect.lock.StageLock;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a stage's new version visible in one transaction, changing only the views whose table changed,
 * together with its metadata, and commits it only while the run still holds the stage's lock; then drops the
 * objects of the old version that the new one no longer uses, unless another live run may still read them. A
 * version that is the committed one unchanged is not published at all: there is nothing to change.
 */
final class VersionPublisher {
    private static final Logger LOG = LoggerFactory.getLogger(VersionPublisher.class);

    private final StageRun run;
    private final CommittedVersion committed;
    private final NewVersion next;
    private final ObjectDropper dropper;

    VersionPublisher(StageRun run, CommittedVersion committed, NewVersion next, ObjectDropper dropper) {
        this.run = run;
        this.committed = committed;
        this.next = next;
        this.dropper = dropper;
    }

    /**
     * Publishes the new version, unless it is the committed one unchanged (every task carried its objects over):
     * then nothing is written.
     *
     * @return whether it published (false: the version was unchanged)
     * @throws MaterializationException if the database refused it, readers held the views too long, or the run
     *                                  lost the stage's lock: the previous version stays visible
     */
    boolean publish(StageLock lock) throws LostStageLockException {
        String stage = run.stage();
        if (unchanged()) {
            LOG.debug("stage {}: unchanged, nothing to publish", stage);
            run.records().rememberUnchanged(run, lock);
            return false;
        }
        Map<String, String> changedViews = new LinkedHashMap<>();
        next.physicalByName().forEach((name, physical) -> {
            StoredObject old = committed.named(ObjectKind.TABLE, name);
            if (old == null || !physical.equals(old.physicalName())) {
                changedViews.put(name, physical);
            }
        });
        // a view goes when no table of the new version has its name spelled the same: a table renamed only in
        // case ('Out' → 'out') is a new view on a database whose quoted names are case-sensitive
        List<String> droppedViews = committed.objects().stream()
                .filter(object -> object.kind() == ObjectKind.TABLE)
                .map(StoredObject::name)
                .filter(name -> !next.physicalByName().containsKey(name))
                .toList();
        Database database = run.database();
        Metadata metadata = run.metadata();
        Set<String> readers;
        boolean dropping;
        VersionChange change;
        try {
            try (Connection connection = database.connection()) {
                readers = metadata.runs().otherLiveRuns(connection, run.runId());
            }
            dropping = dropsInPublish(readers);
            change = change(dropping);
            new PublishAttempts(database, stage).commit(lock, connection -> {
                new StagePublisher(database).publish(connection, stage, changedViews, droppedViews);
                dropInPublish(connection, change.dropped());
                metadata.publish(connection, stage, run.runId(), change, readers);
                metadata.entries().forgetStaged(connection, stage, committed.unpublished().writers());
                Failpoints.hit(Failpoints.BEFORE_PUBLISH_COMMIT);
            });
        } catch (LostStageLockException e) {
            throw e;
        } catch (SQLException e) {
            throw new MaterializationException("Stage '" + stage + "' could not be published; its previous version "
                    + "stays visible: " + e.getMessage(), null, null, stage, null, e);
        }
        LOG.debug("stage {}: published, {} views changed, {} dropped, {} objects kept", stage, changedViews.size(),
                droppedViews.size(), next.kept().size());
        if (!change.retired().isEmpty()) {
            database.retiredWatch().retired();
        }
        run.records().rememberPublished(run, committed, next, change, lock);
        next.clearStaged();
        dropUntaken();
        if (dropping) {
            LOG.debug("stage {}: the previous version's tables were dropped with the publish", stage);
        } else if (readers.isEmpty()) {
            dropRetired();
        } else {
            LOG.info("stage {}: the previous version's tables stay until runs {}, which may still read them, ended",
                    stage, readers);
        }
        return true;
    }

    /**
     * Whether the new version is the committed one: no object written, every committed object kept, the same cache
     * entries (a rerun where every task was cache-valid), and no unpublished version of an earlier run to clean up.
     */
    private boolean unchanged() {
        if (!next.registered().isEmpty() || !committed.unpublished().writers().isEmpty()
                || committed.objects().size() != next.kept().size()
                || committed.entries().size() != next.entries().size()) {
            return false;
        }
        for (StoredObject object : committed.objects()) {
            if (!next.kept().contains(object.physicalName())) {
                return false;
            }
        }
        return next.entries().stream().allMatch(this::sameAsCommitted);
    }

    /**
     * Whether the objects the new version replaces are dropped inside the publishing transaction, saving the
     * statements and commits of dropping them after it: only where DDL is transactional (a failed publish keeps
     * them) and readers take no locks a drop would wait for, and when no other run is live that may still read
     * them.
     */
    private boolean dropsInPublish(Set<String> readers) {
        Capabilities can = run.database().dialect().capabilities();
        return readers.isEmpty() && can.transactionalDdl() && !can.readersLockRelations();
    }

    /** Within the publishing transaction: drops the tables of {@code dropped}. */
    private void dropInPublish(Connection connection, Collection<String> dropped) throws SQLException {
        PhysicalTables tables = PhysicalTables.data(run.database());
        for (StoredObject old : committed.objects()) {
            if (old.kind() == ObjectKind.TABLE && dropped.contains(old.physicalName())) {
                tables.drop(connection, old.physicalName());
            }
        }
    }

    /**
     * How the new version differs from the committed one, for the metadata; the replaced objects are
     * {@code dropped} in the publishing transaction, or else retired.
     */
    private VersionChange change(boolean dropped) {
        List<String> replaced = committed.objects().stream().map(StoredObject::physicalName)
                .filter(physical -> !next.kept().contains(physical)).toList();
        List<String> takenOver = next.kept().stream()
                .filter(physical -> !committed.physicalNames().contains(physical)).toList();
        return dropped ? new VersionChange(List.of(), replaced, takenOver, next.entries())
                : new VersionChange(replaced, List.of(), takenOver, next.entries());
    }

    private boolean sameAsCommitted(CacheEntry entry) {
        CacheEntry before = committed.entry(entry.task(), entry.ordinal());
        return before != null && before.key().key().equals(entry.key().key()) && before.key().sameParts(entry.key())
                && before.outputs().equals(entry.outputs());
    }

    /** Drops what dead runs wrote and could not publish, unless this version took it over. */
    private void dropUntaken() {
        if (committed.unpublished().objects().isEmpty()) {
            return;
        }
        try (Connection connection = run.database().connection()) {
            for (StoredObject unpublished : committed.unpublished().objects()) {
                if (!next.kept().contains(unpublished.physicalName())) {
                    dropper.dropQuietly(connection, unpublished);
                }
            }
        } catch (SQLException e) {
            LOG.warn("stage {}: could not drop unpublished tables of earlier runs ({}); the next run drops them",
                    run.stage(), e.getMessage());
        }
    }

    private void dropRetired() {
        try (Connection connection = run.database().connection()) {
            for (StoredObject old : committed.objects()) {
                if (!next.kept().contains(old.physicalName())) {
                    dropper.dropQuietly(connection, old);
                }
            }
        } catch (SQLException e) {
            LOG.warn("stage {}: could not drop the previous version's tables yet ({}); the next run retries",
                    run.stage(), e.getMessage());
        }
    }
}
