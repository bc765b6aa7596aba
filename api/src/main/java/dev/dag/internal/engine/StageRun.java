package dev.dag.internal.engine;

import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.MetadataStore;
import dev.dag.internal.cache.MetadataStore.NewObject;
import dev.dag.internal.cache.MetadataStore.StoredObject;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Failpoints;
import dev.dag.internal.store.PhysicalNames;
import dev.dag.internal.store.PhysicalTables;
import dev.dag.internal.store.StagePublisher;
import dev.dag.internal.store.dialect.Identifiers;
import dev.dag.internal.store.dialect.StageLock;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one new version of a stage during a run. New tables go to new physical tables, invisible to
 * readers; unchanged ones (cache-valid tasks, unchanged lazy tables) are kept as they are, without
 * copying a row. {@link #publish()} then points the stage's views at the new version in one transaction,
 * touching only views whose table changed; {@link #abort()} drops what the run wrote and leaves the
 * committed version untouched.
 */
final class StageRun implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StageRun.class);
    /** How long dropping an old table may wait for its last readers before the next run retries. */
    private static final int CLEANUP_TIMEOUT_MILLIS = 2_000;
    /** How long the record of a staged table that never appeared is kept (see {@link #mayStillAppear}). */
    private static final int ORPHAN_GRACE_HOURS = 24;

    private final RunState run;
    private final String stage;
    private final Database database;
    private final MetadataStore metadata;
    private final PhysicalTables tables;
    private StageLock.Held lock;
    private final Map<String, String> owners = new HashMap<>();
    private final Map<String, String> physicalByName = new LinkedHashMap<>();
    private final Set<String> kept = new LinkedHashSet<>();
    private final List<String> stagedTables = new ArrayList<>();
    private final Map<String, StoredObject> publishedByPhysical = new LinkedHashMap<>();
    /** The committed version's objects by kind and lower-case name, for lookups per written table. */
    private final Map<String, StoredObject> publishedByName = new HashMap<>();
    private final Map<String, CacheEntry> publishedEntries = new HashMap<>();
    private final List<CacheEntry> entries = new ArrayList<>();
    private final Map<String, Long> rowCounts = new HashMap<>();

    StageRun(RunState run, String stage) {
        this.run = run;
        this.stage = stage;
        this.database = run.database();
        this.metadata = run.metadata();
        this.tables = PhysicalTables.data(database);
    }

    String stage() {
        return stage;
    }

    String runId() {
        return run.runId();
    }

    /**
     * Takes the stage lock, creates the schemas, drops what crashed or failed runs left behind and
     * reads the committed version (its objects and cache entries).
     */
    void begin() {
        database.requireStageSchemaFits(stage);
        lock = takeLock();
        try (Connection connection = database.connection()) {
            List<StoredObject> leftovers = new ArrayList<>();
            for (StoredObject object : metadata.objectsOf(connection, stage)) {
                if (MetadataStore.PUBLISHED.equals(object.state())) {
                    publishedByPhysical.put(object.physicalName(), object);
                    publishedByName.put(nameKey(object.kind(), object.name()), object);
                } else {
                    leftovers.add(object);
                }
            }
            if (publishedByPhysical.isEmpty()) {
                new StagePublisher(database).prepareSchemas(connection, stage); // a published stage has them
            }
            for (StoredObject leftover : leftovers) {
                if (mayStillAppear(connection, leftover)) {
                    continue;
                }
                dropQuietly(connection, leftover);
            }
            for (CacheEntry entry : metadata.publishedEntries(connection, stage)) {
                publishedEntries.put(entryKey(entry.task(), entry.ordinal()), entry);
            }
        } catch (SQLException e) {
            close();
            throw new MaterializationException("Cannot prepare stage '" + stage + "' in " + database.config()
                    + ": " + e.getMessage(), null, null, stage, null, e);
        }
    }

    private StageLock.Held takeLock() {
        try {
            StageLock.Held held = database.lockStage(stage, holder -> LOG.info("stage {}: waiting up to {} s for the "
                    + "stage lock: {}", stage, database.config().lockTimeoutSeconds(), holder));
            if (held == null) {
                throw new MaterializationException("Stage '" + stage + "' is being written by another run, which still "
                        + "held it after " + database.config().lockTimeoutSeconds() + " s (lock_timeout_seconds). Wait for "
                        + "it to finish, or raise the timeout.", null, null, stage, null, null);
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

    private static String entryKey(String task, int ordinal) {
        return task + "#" + ordinal;
    }

    /** The committed cache entry of the {@code ordinal}-th call of {@code task} in this stage, or null. */
    CacheEntry committedEntry(String task, int ordinal) {
        return publishedEntries.get(entryKey(task, ordinal));
    }

    /** Whether every object of the entry is still in the committed version. */
    boolean isIntact(CacheEntry entry) {
        return entry.outputs().stream().allMatch(output -> publishedByPhysical.containsKey(output.physical()));
    }

    /** Carries a cache-valid task's objects into the new version: no row is moved. */
    void keep(CacheEntry entry) {
        for (CacheEntry.Output output : entry.outputs()) {
            reserve(output.name(), entry.task());
            keepObject(output.physical(), output.name(), output.kind());
        }
    }

    private void keepObject(String physical, String name, String kind) {
        kept.add(physical);
        if ("table".equals(kind)) {
            physicalByName.put(name, physical);
        }
    }

    /** A committed table as a stored table with a reference as its content. */
    StoredTable committedTable(CacheEntry.Output output) {
        StoredObject object = publishedByPhysical.get(output.physical());
        TableRef ref = tables.ref(output.physical());
        return new StoredTable(stage, output.name(), ref, object == null ? -1 : object.rows(), output.key(), () -> ref);
    }

    /** A committed blob's value, deserialized with the task's class loader. */
    Object committedBlob(CacheEntry.Output output, ClassLoader loader) {
        StoredObject object = publishedByPhysical.get(output.physical());
        try {
            return BlobCodec.fromJson(object.blobJson(), object.blobType(), loader);
        } catch (Exception e) {
            throw new MaterializationException("Cannot read the stored blob '" + output.name() + "' of stage '" + stage
                    + "' as " + object.blobType() + ": " + e.getMessage(), null, output.name(), stage, null, e);
        }
    }

    /**
     * Writes a table of the running task under {@code name} with cache key {@code key}, or keeps the
     * committed one when the task is lazy and the table is unchanged.
     *
     * @param query the canonical SQL hashed into the key, kept to explain later changes (or null)
     * @throws DefinitionException for an invalid or duplicate name, or content dag cannot store
     * @throws MaterializationException if the database refuses it
     */
    StoredTable writeTable(TaskScope scope, Table table, String name, String key, String query, StackTraceElement site,
                           boolean returned) {
        String task = scope.task();
        Identifiers.requireValid(name, "table name", task, stage);
        reserve(name, task);
        StoredObject unchanged = scope.descriptor().lazy() && !scope.forceRebuild() ? committed(name, "table", key) : null;
        if (unchanged != null) {
            keepObject(unchanged.physicalName(), name, "table");
            TableRef ref = tables.ref(unchanged.physicalName());
            StoredTable stored = new StoredTable(stage, name, ref, unchanged.rows(), key, () -> ref);
            scope.recordWritten(table, stored, true, null, site, returned);
            return stored;
        }
        String physical = PhysicalNames.of(stage, name, run.tag(), database.dialect().maxIdentifierBytes());
        long rows;
        try {
            rows = write(task, table, name, physical, key, query);
        } catch (RuntimeException e) {
            forgetFailedWrite(name, physical);
            throw e;
        }
        physicalByName.put(name, physical);
        TableRef ref = tables.ref(physical);
        StoredTable stored = new StoredTable(stage, name, ref, rows, key, () -> ref);
        scope.recordWritten(table, stored, false, change(name, query), site, returned);
        return stored;
    }

    private static String nameKey(String kind, String name) {
        return kind + "/" + name.toLowerCase(Locale.ROOT);
    }

    private String change(String name, String query) {
        StoredObject previous = publishedByName.get(nameKey("table", name));
        if (previous == null) {
            return "new table '" + name + "'";
        }
        if (previous.query() != null && query != null && !previous.query().equals(query)) {
            return dev.dag.internal.cache.RerunReason.sqlDiff(previous.query(), query);
        }
        return "table '" + name + "' changed (its primary key, indexes, an input or an earlier table of the task)";
    }

    private long write(String task, Table table, String name, String physical, String key, String query) {
        try (Connection connection = database.connection()) {
            metadata.registerStaged(connection, new NewObject(physical, stage, name, "table", task, key, query, null, null),
                    run.runId());
            stagedTables.add(physical);
            long rows = ContentWriter.write(database, connection, tables, physical, table, task, name, stage);
            rowCounts.put(physical, rows);
            LOG.debug("stage {}: task {} wrote table {} ({} rows) as {}", stage, task, name, rows, physical);
            return rows;
        } catch (SQLException e) {
            throw new MaterializationException("Task '" + task + "' could not write table '" + name + "' of stage '"
                    + stage + "': " + e.getMessage(), task, name, stage, null, e);
        }
    }

    /** A write that failed leaves nothing: no table, no metadata, and its name free for a retry. */
    private void forgetFailedWrite(String name, String physical) {
        owners.remove(name.toLowerCase(Locale.ROOT));
        stagedTables.remove(physical);
        try (Connection connection = database.connection()) {
            tables.drop(connection, physical);
            metadata.forget(connection, physical);
        } catch (SQLException e) {
            LOG.warn("stage {}: could not clean up the failed write of {} ({}); the next run drops it", stage, name,
                    e.getMessage());
        }
    }

    DefinitionException unsupportedContent(String task, String name, Object content) {
        return ContentWriter.unsupported(task, name, stage, content);
    }

    /** Stores a blob of the running task; returns the value as consumers will read it. */
    Object writeBlob(TaskScope scope, String name, Object value, String key) {
        String task = scope.task();
        Identifiers.requireValid(name, "blob name", task, stage);
        reserve(name, task);
        ClassLoader loader = scope.descriptor().method().getDeclaringClass().getClassLoader();
        StoredObject unchanged = scope.descriptor().lazy() && !scope.forceRebuild() ? committed(name, "blob", key) : null;
        if (unchanged != null) {
            keepObject(unchanged.physicalName(), name, "blob");
            scope.recordBlob(name, unchanged.physicalName(), key);
            return committedBlob(new CacheEntry.Output(null, name, "blob", unchanged.physicalName(), key), loader);
        }
        String physical = PhysicalNames.of(stage, name, run.tag(), Integer.MAX_VALUE);
        try (Connection connection = database.connection()) {
            String json = BlobCodec.toJson(value);
            String type = BlobCodec.typeName(value);
            metadata.registerStaged(connection, new NewObject(physical, stage, name, "blob", task, key, null, type, json),
                    run.runId());
            scope.recordBlob(name, physical, key);
            return BlobCodec.fromJson(json, type, loader);
        } catch (Exception e) {
            throw new MaterializationException("Task '" + task + "' could not store blob '" + name + "' of stage '"
                    + stage + "': " + e.getMessage(), task, name, stage, null, e);
        }
    }

    private StoredObject committed(String name, String kind, String key) {
        StoredObject object = publishedByName.get(nameKey(kind, name));
        return object != null && object.cacheKey().equals(key) ? object : null;
    }

    /** Records the cache entry a task leaves in the version being written (stored when the stage is published). */
    void recordEntry(CacheEntry entry) {
        entries.add(entry);
    }

    /** A reader of a stored table as {@code type} (a record class or Map), for a consuming task. */
    Supplier<Object> reader(StoredTable table, Class<?> type, String consumer) {
        return StoredTableReader.of(database, table, type, consumer);
    }

    Database database() {
        return database;
    }

    private void reserve(String name, String task) {
        String key = name.toLowerCase(Locale.ROOT);
        String owner = owners.putIfAbsent(key, task);
        if (owner != null) {
            throw new DefinitionException("Table '" + name + "' is written twice in stage '" + stage + "': by task '"
                    + owner + "' and by task '" + task + "'. Names are unique per stage (and not case-sensitive): "
                    + "give one of them another name with .name(\"...\").", task, name, stage);
        }
    }

    /**
     * Makes the new version visible in one transaction, changing only the views whose table changed;
     * then drops the tables of the old version that the new one no longer uses.
     */
    void publish() {
        Map<String, String> changedViews = new LinkedHashMap<>();
        physicalByName.forEach((name, physical) -> {
            StoredObject old = publishedByName.get(nameKey("table", name));
            if (old == null || !physical.equals(old.physicalName())) {
                changedViews.put(name, physical);
            }
        });
        List<String> droppedViews = publishedByPhysical.values().stream()
                .filter(object -> "table".equals(object.kind()))
                .map(StoredObject::name)
                .filter(name -> !owners.containsKey(name.toLowerCase(Locale.ROOT)))
                .toList();
        try (Connection connection = database.connection()) {
            connection.setAutoCommit(false);
            try {
                new StagePublisher(database).publish(connection, stage, changedViews, droppedViews);
                metadata.publish(connection, stage, run.runId(), kept, entries, rowCounts);
                Failpoints.hit(Failpoints.BEFORE_PUBLISH_COMMIT);
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new MaterializationException("Stage '" + stage + "' could not be published; its previous version "
                    + "stays visible: " + e.getMessage(), null, null, stage, null, e);
        }
        LOG.debug("stage {}: published, {} views changed, {} dropped, {} objects kept", stage, changedViews.size(),
                droppedViews.size(), kept.size());
        stagedTables.clear();
        dropRetired();
    }

    private void dropRetired() {
        try (Connection connection = database.connection()) {
            for (StoredObject old : publishedByPhysical.values()) {
                if (!kept.contains(old.physicalName())) {
                    dropQuietly(connection, old);
                }
            }
        } catch (SQLException e) {
            LOG.warn("stage {}: could not drop the previous version's tables yet ({}); the next run retries",
                    stage, e.getMessage());
        }
    }

    /**
     * Whether a staged table of a recent run is missing only because its statement has not committed yet: a
     * database server finishes the statement of a killed client (PostgreSQL notices the dead connection only
     * after the statement), so the table may appear after this run looked. Its record is kept, so that a
     * later run drops it instead of leaving an orphan nobody knows about.
     */
    private boolean mayStillAppear(Connection connection, StoredObject leftover) throws SQLException {
        boolean missingTable = "staged".equals(leftover.state()) && "table".equals(leftover.kind())
                && !tables.exists(connection, leftover.physicalName());
        if (missingTable && metadata.startedWithin(connection, leftover.runId(), ORPHAN_GRACE_HOURS)) {
            LOG.info("stage {}: table {} of run {} is not there (yet); its record is kept until a later run",
                    stage, leftover.physicalName(), leftover.runId());
            return true;
        }
        return false;
    }

    /** Drops an object no version uses any more; if readers still hold it, leaves it to the next run. */
    private void dropQuietly(Connection connection, StoredObject object) {
        try {
            dropObject(connection, object.physicalName(), object.kind());
        } catch (SQLException e) {
            LOG.info("stage {}: table {} is still in use ({}); the next run drops it", stage, object.physicalName(),
                    e.getMessage());
        }
    }

    /** Drops what this run wrote; the committed version stays as it was. */
    void abort() {
        try (Connection connection = database.connection()) {
            for (String physical : stagedTables) {
                tables.drop(connection, physical);
            }
            stagedTables.clear();
        } catch (SQLException e) {
            LOG.warn("stage {}: could not drop the failed run's tables ({}); the next run drops them", stage,
                    e.getMessage());
        }
    }

    private void dropObject(Connection connection, String physical, String kind) throws SQLException {
        if ("table".equals(kind)) {
            tables.dropOld(connection, physical, CLEANUP_TIMEOUT_MILLIS);
        }
        metadata.forget(connection, physical);
    }

    @Override
    public void close() {
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }
}
