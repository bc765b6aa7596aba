package dev.dag.internal.engine.stage;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.meta.CacheEntries.StagedEntry;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.store.meta.ObjectState;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What runs that are no longer live wrote for a stage and could not publish (readers held the stage's views too
 * long, or the database refused the publish): their cache entries and objects. A task of this run whose key
 * matches one carries its objects into the new version, as if they had been committed, instead of writing them
 * again; what no task takes is dropped once this run publishes.
 */
final class UnpublishedVersions {
    private final List<CacheEntry> entries = new ArrayList<>();
    private final Map<String, StoredObject> byPhysical = new HashMap<>();
    private final Set<String> writers = new HashSet<>();

    /** None. */
    UnpublishedVersions() {
    }

    /**
     * The unpublished versions of {@code stage} whose writers are no longer live, with the objects among
     * {@code leftovers} their entries use; an entry is usable when each of its objects is such a leftover (a table
     * that exists, per {@code tables}) or in the committed version ({@code committed}).
     */
    static UnpublishedVersions find(Connection connection, Metadata metadata, List<StagedEntry> staged,
                                    List<StoredObject> leftovers, Set<String> tables, Set<String> committed)
            throws SQLException {
        UnpublishedVersions found = new UnpublishedVersions();
        if (staged.isEmpty()) {
            return found;
        }
        Set<String> runs = new HashSet<>();
        staged.forEach(entry -> runs.add(entry.runId()));
        Set<String> live = metadata.runs().live(connection, runs);
        Map<String, StoredObject> written = new HashMap<>();
        for (StoredObject leftover : leftovers) {
            if (leftover.state() == ObjectState.STAGED && (leftover.kind() == ObjectKind.BLOB
                    || tables.contains(leftover.physicalName()))) {
                written.put(leftover.physicalName(), leftover);
            }
        }
        for (StagedEntry entry : staged) {
            if (live.contains(entry.runId())) {
                continue;
            }
            found.writers.add(entry.runId());
            boolean usable = entry.entry().outputs().stream().allMatch(output -> committed.contains(output.physical())
                    || written.containsKey(output.physical())
                    && written.get(output.physical()).runId().equals(entry.runId()));
            if (usable) {
                found.entries.add(entry.entry());
                entry.entry().outputs().stream().map(output -> written.get(output.physical()))
                        .filter(Objects::nonNull).forEach(object -> found.byPhysical.put(
                                object.physicalName(), object));
            }
        }
        return found;
    }

    /** The objects this run may take over (each also a leftover that cleanup must leave alone). */
    Collection<StoredObject> objects() {
        return byPhysical.values();
    }

    /** The runs whose unpublished entries this run read: forgotten when it publishes. */
    Set<String> writers() {
        return writers;
    }

    /** An unpublished entry of {@code task} with key {@code key}, or null. */
    CacheEntry entryWithKey(String task, String key) {
        for (CacheEntry entry : entries) {
            if (entry.task().equals(task) && entry.key().key().equals(key)) {
                return entry;
            }
        }
        return null;
    }

    /** The unpublished object {@code physical}, or null. */
    StoredObject object(String physical) {
        return byPhysical.get(physical);
    }

    /** An unpublished object of this kind and name (not case-sensitive) with cache key {@code key}, or null. */
    StoredObject unchanged(ObjectKind kind, String name, String key) {
        for (StoredObject object : byPhysical.values()) {
            if (object.kind() == kind && object.cacheKey().equals(key)
                    && object.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return object;
            }
        }
        return null;
    }
}
