package dev.dag.internal.engine.stage;

import dev.dag.MaterializationException;
import dev.dag.TableRef;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.engine.values.BlobCodec;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.store.PhysicalTables;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** A stage's committed version as a run found it when it began: its published objects and cache entries. */
public final class CommittedVersion {
    private final String stage;
    private final PhysicalTables tables;
    private final Map<String, StoredObject> byPhysical = new LinkedHashMap<>();
    /** By kind and lower-case name, for lookups per written object. */
    private final Map<String, StoredObject> byName = new HashMap<>();
    private final Map<String, CacheEntry> entries = new HashMap<>();
    /** Physical names of committed tables that are not where the metadata says (dropped by hand). */
    private final Set<String> missing = new HashSet<>();
    private UnpublishedVersions unpublished = new UnpublishedVersions();
    private Supplier<String> lastFlowLookup = () -> null;
    private String lastFlow;
    private boolean lastFlowKnown;

    CommittedVersion(String stage, PhysicalTables tables) {
        this.stage = stage;
        this.tables = tables;
    }

    void add(StoredObject published) {
        byPhysical.put(published.physicalName(), published);
        byName.put(nameKey(published.kind(), published.name()), published);
    }

    void add(CacheEntry entry) {
        entries.put(entryKey(entry.task(), entry.ordinal()), entry);
    }

    /** Unpublished versions of dead runs, whose objects a task may take over as if they were committed. */
    void takeOver(UnpublishedVersions versions) {
        this.unpublished = versions;
    }

    UnpublishedVersions unpublished() {
        return unpublished;
    }

    /** The physical names of the committed objects. */
    Set<String> physicalNames() {
        return byPhysical.keySet();
    }

    /**
     * Notes which committed tables are gone: their physical table is not in {@code physicalTables}, or their
     * view is not in {@code views} (names as the database lists them; compared without case).
     */
    void checkPresence(Set<String> physicalTables, Set<String> views) {
        missing.clear();
        Set<String> viewNames = new HashSet<>();
        views.forEach(view -> viewNames.add(view.toLowerCase(Locale.ROOT)));
        for (StoredObject object : byPhysical.values()) {
            if (object.kind() == ObjectKind.TABLE && (!physicalTables.contains(object.physicalName())
                    || !viewNames.contains(object.name().toLowerCase(Locale.ROOT)))) {
                missing.add(object.physicalName());
            }
        }
    }

    /** Notes that every committed table is there (its table and its view were found by name). */
    void allPresent() {
        missing.clear();
    }

    /** The committed tables and their views. */
    RunCatalog.Relations relations() {
        return CommittedRecords.relationsOf(byPhysical.values());
    }

    /** The names of the committed tables (each published as a view of that name). */
    List<String> tableNames() {
        return byPhysical.values().stream().filter(object -> object.kind() == ObjectKind.TABLE)
                .map(StoredObject::name).toList();
    }

    /** Whether some committed table is gone from the database. */
    boolean hasMissing() {
        return !missing.isEmpty();
    }

    /**
     * The flow of the run that published this version (null if the stage was never published); looked up
     * when first asked, which only a rerun's reason does.
     */
    public synchronized String lastFlow() {
        if (!lastFlowKnown) {
            lastFlow = lastFlowLookup.get();
            lastFlowKnown = true;
        }
        return lastFlow;
    }

    void lastFlowFrom(Supplier<String> lookup) {
        this.lastFlowLookup = lookup;
    }

    boolean isEmpty() {
        return byPhysical.isEmpty();
    }

    Collection<StoredObject> objects() {
        return byPhysical.values();
    }

    /** The committed object of this kind and name (not case-sensitive), or null. */
    StoredObject named(ObjectKind kind, String name) {
        return byName.get(nameKey(kind, name));
    }

    /**
     * The committed object of this kind and name if its cache key is {@code key} and it is still there, else such
     * an object of an unpublished version, or null.
     */
    StoredObject unchanged(ObjectKind kind, String name, String key) {
        StoredObject object = named(kind, name);
        return object != null && object.cacheKey().equals(key) && !missing.contains(object.physicalName())
                ? object : unpublished.unchanged(kind, name, key);
    }

    /** The committed cache entries. */
    Collection<CacheEntry> entries() {
        return entries.values();
    }

    /** The committed cache entry of the {@code ordinal}-th call of {@code task} in this stage, or null. */
    public CacheEntry entry(String task, int ordinal) {
        return entries.get(entryKey(task, ordinal));
    }

    /** The committed cache entries of {@code task} in this stage, one per call. */
    public List<CacheEntry> entriesOf(String task) {
        return entries.values().stream().filter(entry -> entry.task().equals(task)).toList();
    }

    /**
     * The committed cache entry of a call of {@code task} whose key is {@code key}, or null: repeated calls of
     * a task in a stage are told apart by their keys, not by their order.
     */
    public CacheEntry entryWithKey(String task, String key) {
        for (CacheEntry entry : entries.values()) {
            if (entry.task().equals(task) && entry.key().key().equals(key)) {
                return entry;
            }
        }
        return unpublished.entryWithKey(task, key);
    }

    /**
     * Whether every object of the entry is still in the committed version, and in the database (or, for an entry
     * of an unpublished version, in that version).
     */
    public boolean isIntact(CacheEntry entry) {
        return entry.outputs().stream().allMatch(output -> byPhysical.containsKey(output.physical())
                && !missing.contains(output.physical()) || unpublished.object(output.physical()) != null);
    }

    private StoredObject object(String physical) {
        StoredObject object = byPhysical.get(physical);
        return object != null ? object : unpublished.object(physical);
    }

    /** A committed table, with a reference as its content. */
    public StoredTable table(CacheEntry.Output output) {
        StoredObject object = object(output.physical());
        TableRef ref = tables.ref(output.physical());
        return new StoredTable(stage, output.name(), ref, object == null ? -1 : object.rows(), output.key(), () -> ref);
    }

    /**
     * The committed table named {@code name} (not case-sensitive) as it is now, before this run publishes the stage,
     * or null when the committed version has none (or it is gone from the database).
     */
    public StoredTable previousTable(String name) {
        StoredObject object = named(ObjectKind.TABLE, name);
        if (object == null || missing.contains(object.physicalName())) {
            return null;
        }
        TableRef ref = tables.ref(object.physicalName());
        return new StoredTable(stage, object.name(), ref, object.rows(), object.cacheKey(), () -> ref);
    }

    /** A committed blob's value, deserialized with the task's class loader. */
    public Object blob(CacheEntry.Output output, ClassLoader loader) {
        StoredObject object = object(output.physical());
        try {
            return BlobCodec.fromJson(object.blobJson(), object.blobType(), loader);
        } catch (Exception e) {
            throw new MaterializationException("Cannot read the stored blob '" + output.name() + "' of stage '" + stage
                    + "' as " + object.blobType() + ": " + e.getMessage(), null, output.name(), stage, null, e);
        }
    }

    private static String nameKey(ObjectKind kind, String name) {
        return kind.stored() + "/" + name.toLowerCase(Locale.ROOT);
    }

    private static String entryKey(String task, int ordinal) {
        return task + "#" + ordinal;
    }
}
