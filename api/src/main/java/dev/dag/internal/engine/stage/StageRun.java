package dev.dag.internal.engine.stage;

import dev.dag.MaterializationException;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.CacheEntries.StageEntries;
import dev.dag.internal.store.meta.ObjectState;
import dev.dag.internal.store.meta.StageRecords;
import dev.dag.internal.engine.stage.cleanup.LeftoverCleanup;
import dev.dag.internal.engine.stage.cleanup.ObjectDropper;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.PhysicalTables;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.StagePublisher;
import dev.dag.internal.store.dialect.lock.LostStageLockException;
import dev.dag.internal.store.dialect.lock.StageLock;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One new version of a stage, written by a run: {@link StageRuns#begin} takes the stage's lock, cleans up what
 * earlier runs left and reads the {@link #committed()} version; tasks then write through the
 * {@link #writer()} into new physical tables, invisible to readers, or keep unchanged objects as they are;
 * {@link #publish()} makes the new version visible in one step, {@link #abort()} drops what the run wrote
 * and leaves the committed version untouched. {@link #close()} releases the lock. A plan only reads the
 * committed version ({@link StageRuns#read}), and its writer only keys.
 */
public final class StageRun implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StageRun.class);

    private final String stage;
    private final String runId;
    private final Database database;
    private final Metadata metadata;
    private final PhysicalTables tables;
    private final CommittedVersion committed;
    private final NewVersion next;
    private final ObjectDropper dropper;
    private final StageWriter writer;
    private final RunCatalog catalog;
    private final CommittedRecords records;
    private StageLock lock;
    /** The stage's records as this run found them, when they held only its published version (else null). */
    private StageRecords foundClean;

    /** Begins a version the run writes (see {@link StageRuns#begin}). */
    static StageRun begin(StageRuns run, String stage) {
        StageRun version = new StageRun(run, stage, WriteMode.WRITE);
        version.lockAndPrepare();
        return version;
    }

    /** Reads the committed version for a plan (see {@link StageRuns#read}). */
    static StageRun read(StageRuns run, String stage) {
        StageRun version = new StageRun(run, stage, WriteMode.KEY_ONLY);
        version.readCommitted();
        return version;
    }

    private StageRun(StageRuns run, String stage, WriteMode mode) {
        this.stage = stage;
        this.runId = run.runId();
        this.database = run.database();
        this.metadata = run.metadata();
        this.tables = PhysicalTables.data(database);
        this.committed = new CommittedVersion(stage, tables);
        this.next = new NewVersion(stage);
        this.dropper = new ObjectDropper(stage, tables, metadata);
        this.writer = new StageWriter(this, committed, next, mode);
        this.catalog = run.catalog();
        this.records = run.records();
    }

    private void lockAndPrepare() {
        database.requireStageSchemaFits(stage);
        try {
            records.readAhead();
        } catch (SQLException e) {
            throw new MaterializationException("Cannot read the metadata of stage '" + stage + "' in "
                    + database.config() + ": " + e.getMessage(), null, null, stage, null, e);
        }
        lock = StageLocks.take(database, runId, stage, records.probeFor(stage));
        try (Connection connection = database.connection()) {
            StageRecords read = records.of(connection, stage, lock);
            foundClean = onlyPublished(read) ? read : null;
            List<StoredObject> leftovers = takePublished(read.objects());
            StageEntries entries = read.entries();
            UnpublishedVersions unpublished = UnpublishedVersions.find(connection, metadata, entries.staged(),
                    leftovers, entries.staged().isEmpty() ? Set.of() : catalog.dataTables(connection),
                    committed.physicalNames());
            leftovers.removeAll(unpublished.objects());
            committed.takeOver(unpublished);
            new LeftoverCleanup(stage, tables, metadata, dropper).clean(connection, leftovers);
            readEntries(connection, entries);
            if (committed.isEmpty() || committed.hasMissing()) {
                new StagePublisher(database).prepareSchemas(connection, stage); // a stage published intact has them
            }
        } catch (SQLException e) {
            close();
            throw new MaterializationException("Cannot prepare stage '" + stage + "' in " + database.config()
                    + ": " + e.getMessage(), null, null, stage, null, e);
        }
    }

    private void readCommitted() {
        database.requireStageSchemaFits(stage);
        if (!metadata.isPresent()) {
            return; // nothing was ever committed on this instance
        }
        try (Connection connection = database.connection()) {
            StageRecords read = records.withoutLock(connection, stage);
            takePublished(read.objects());
            readEntries(connection, read.entries());
        } catch (SQLException e) {
            throw new MaterializationException("Cannot read stage '" + stage + "' in " + database.config()
                    + ": " + e.getMessage(), null, null, stage, null, e);
        }
    }

    /** Whether {@code read} holds the published version alone: no object or entry an earlier run left. */
    private static boolean onlyPublished(StageRecords read) {
        return read.entries().staged().isEmpty()
                && read.objects().stream().allMatch(object -> object.state() == ObjectState.PUBLISHED);
    }

    /** The stage's records as this run found them, if they held only the published version; else null. */
    StageRecords foundClean() {
        return foundClean;
    }

    /** The records of the run's stages: read, reused, and remembered for the next run. */
    CommittedRecords records() {
        return records;
    }

    /** Takes the published objects of {@code objects} into the committed version; returns the others. */
    private List<StoredObject> takePublished(List<StoredObject> objects) {
        List<StoredObject> leftovers = new ArrayList<>();
        for (StoredObject object : objects) {
            if (object.state() == ObjectState.PUBLISHED) {
                committed.add(object);
            } else {
                leftovers.add(object);
            }
        }
        return leftovers;
    }

    /** Takes the committed cache entries and notes which committed tables are gone from the database. */
    private void readEntries(Connection connection, StageEntries entries) throws SQLException {
        for (CacheEntry entry : entries.published()) {
            committed.add(entry);
        }
        if (!committed.isEmpty()) {
            if (catalog.allExist(connection, stage, committed.relations())) {
                committed.allPresent();
            } else {
                committed.checkPresence(catalog.dataTables(connection), catalog.views(connection, stage));
                if (committed.hasMissing()) {
                    catalog.relist(connection);
                    committed.checkPresence(catalog.dataTables(connection), catalog.views(connection, stage));
                }
            }
            String publishedBy = entries.publishedBy();
            committed.lastFlowFrom(() -> publishingFlow(publishedBy));
        }
    }

    /** The flow of the run that published the committed version (null when unknown). */
    private String publishingFlow(String publishedBy) {
        if (publishedBy == null) {
            return null;
        }
        try (Connection connection = database.connection()) {
            return metadata.runs().flowOf(connection, publishedBy);
        } catch (SQLException e) {
            LOG.debug("stage {}: cannot read which flow published it: {}", stage, e.getMessage());
            return null;
        }
    }

    /** The stage's name. */
    public String stage() {
        return stage;
    }

    /** The id of the run writing this version. */
    public String runId() {
        return runId;
    }

    /** A short tag of the run for physical table names. */
    String runTag() {
        return runId.substring(0, 10);
    }

    /** The instance's database. */
    public Database database() {
        return database;
    }

    Metadata metadata() {
        return metadata;
    }

    /** The committed version as this run found it. */
    public CommittedVersion committed() {
        return committed;
    }

    /** Writes the objects of the new version. */
    public StageWriter writer() {
        return writer;
    }

    /**
     * A writer that writes nothing: it keys each table and blob a body produces and finds the committed one with
     * that key, claiming names in a version of its own. For the body of a lazy task left out of a selected run,
     * whose outputs are looked up by the keys of what it builds now.
     */
    public StageWriter keyingWriter() {
        return new StageWriter(this, committed, new NewVersion(stage), WriteMode.KEY_ONLY);
    }

    /**
     * Makes the new version visible in one transaction, if the run still holds the stage's lock; then drops the
     * old version's objects it no longer uses (unless another live run may still read them). Writes nothing when
     * the new version is the committed one unchanged.
     *
     * @return whether it published (false: the version was unchanged)
     * @throws MaterializationException if the database refused, or the run lost the stage's lock (its tables are
     *                                  dropped then): the previous version stays visible. When the database refused
     *                                  (or readers held the stage too long), what the run wrote is kept for a
     *                                  later run to take over.
     */
    public boolean publish() {
        try {
            return new VersionPublisher(this, committed, next, dropper).publish(lock);
        } catch (MaterializationException e) {
            setAside();
            throw e;
        } catch (LostStageLockException e) {
            abort();
            throw new MaterializationException("Stage '" + stage + "' was not published: this run lost the stage's "
                    + "lock while it wrote the stage (" + e.getMessage() + "), so another run may have written the "
                    + "stage meanwhile. Nothing of this run's version was committed and its tables are dropped; the "
                    + "stage keeps the version it had, or the other run's. Run the flow again. If this database or a "
                    + "proxy in front of it closes idle sessions, set lock_mode: lease (see docs/concurrency.md).",
                    null, null, stage, null, e);
        }
    }

    /** Keeps the version this run wrote, unpublished, for a later run whose tasks have the same keys. */
    private void setAside() {
        try (Connection connection = database.connection()) {
            metadata.entries().setAside(connection, stage, runId, next.entries());
            LOG.info("stage {}: not published; the {} tables this run wrote stay for the next run to take over",
                    stage, next.staged().size());
        } catch (SQLException e) {
            LOG.warn("stage {}: could not keep the unpublished version for the next run ({}); the next run drops "
                    + "its tables", stage, e.getMessage());
        }
    }

    /**
     * Drops what this run wrote and forgets it, each object dropped before it is forgotten (a table dag forgot would
     * be taken for another metadata's); the committed version stays as it was. A task still writing meanwhile
     * (when the JVM exits under the run) cleans up its own table: see {@link NewVersion#abandon()}.
     */
    public void abort() {
        NewVersion.Abandoned left = next.abandon();
        try (Connection connection = database.connection()) {
            for (String physical : left.registered()) {
                if (left.tables().contains(physical)) {
                    tables.drop(connection, physical);
                }
                metadata.objects().forget(connection, physical);
            }
        } catch (SQLException e) {
            LOG.warn("stage {}: could not drop the failed run's tables ({}); the next run drops them", stage,
                    e.getMessage());
        }
    }

    /** Releases the stage lock. */
    @Override
    public void close() {
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }
}
