package dev.dag.internal.engine.stage;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.dialect.lock.LockProbe;
import dev.dag.internal.store.dialect.lock.StageLock;
import dev.dag.internal.store.meta.CacheEntries;
import dev.dag.internal.store.meta.CacheEntries.StageEntries;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.Metadata.VersionChange;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.ObjectState;
import dev.dag.internal.store.meta.memory.RememberedRecords;
import dev.dag.internal.store.meta.StageRecords;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metadata records (objects and cache entries) of a run's stages, read for all of them with one query when
 * the first stage begins, and used for a stage only where that read is known to be still its state once the run
 * holds its lock:
 * <ul>
 * <li>where every run of the database is in this process (an embedded database), a stage's records change only
 *     under its lock: they are used when no other run took the lock between the read and this run taking it;</li>
 * <li>where the database computes a digest of a stage's records and its lock statement can read it again in its
 *     round trip (PostgreSQL with session locks), the read comes with each stage's digest: equal under the lock,
 *     the records are the same.</li>
 * </ul>
 * Anywhere else, or for a stage whose records changed, the stage is read under its lock. Each read costs a round
 * trip (about a millisecond on an embedded database), which a run of many small stages would pay per stage.
 *
 * <p>On an embedded database a stage is not read at all when the last run of this process to hold its lock left
 * records it knows exactly ({@link RememberedRecords}): this class also hands them over as the run ends the stage.
 */
public final class CommittedRecords {
    private static final Logger LOG = LoggerFactory.getLogger(CommittedRecords.class);
    private final Database database;
    private final Metadata metadata;
    private final RunCatalog catalog;
    private final Set<String> stages;
    private final Map<String, Long> marks = new HashMap<>();
    private Map<String, StageRecords> readFirst = Map.of();
    private boolean read;

    /**
     * The records of {@code stages} (the run's stages as it knows them before it starts); the relations of those
     * read ahead are asked of the run's {@code catalog} at once.
     */
    public CommittedRecords(Database database, Metadata metadata, RunCatalog catalog, Iterable<String> stages) {
        this.database = database;
        this.metadata = metadata;
        this.catalog = catalog;
        this.stages = new LinkedHashSet<>();
        stages.forEach(this.stages::add);
    }

    /**
     * Before taking a stage's lock: reads the records of the run's stages, once per run, where a run of several
     * stages can tell later whether the read is still true (see above).
     */
    synchronized void readAhead() throws SQLException {
        if (read) {
            return;
        }
        read = true;
        if (stages.size() < 2) {
            return;
        }
        for (String stage : stages) {
            OptionalLong mark = database.stageLockFreeMark(stage);
            mark.ifPresent(value -> marks.put(stage, value));
        }
        if (marks.size() >= 2) {
            Map<String, StageRecords> known = new HashMap<>();
            for (String stage : marks.keySet()) {
                RememberedRecords.ifStillTrue(database, stage).ifPresent(records -> known.put(stage, records));
            }
            try (Connection connection = database.connection()) {
                Set<String> unknown = new LinkedHashSet<>(marks.keySet());
                unknown.removeAll(known.keySet());
                Map<String, StageRecords> read = new HashMap<>(known);
                if (!unknown.isEmpty()) {
                    read.putAll(metadata.stageRecords(connection, unknown));
                }
                readFirst = read;
                Map<String, RunCatalog.Relations> relations = new HashMap<>();
                readFirst.forEach((stage, records) -> relations.put(stage, relationsOf(records.objects().stream()
                        .filter(object -> object.state() == ObjectState.PUBLISHED).toList())));
                catalog.probeAhead(connection, relations);
            }
            return;
        }
        marks.clear();
        if (database.stageLockAnswersProbes()) {
            try (Connection connection = database.connection()) {
                readFirst = metadata.stageRecordsWithDigests(connection, stages).orElse(Map.of());
            }
        }
    }

    /** The tables among {@code objects} and their views. */
    static RunCatalog.Relations relationsOf(Collection<StoredObject> objects) {
        Set<String> physicalNames = new HashSet<>();
        Set<String> viewNames = new HashSet<>();
        for (StoredObject object : objects) {
            if (object.kind() == ObjectKind.TABLE) {
                physicalNames.add(object.physicalName());
                viewNames.add(object.name());
            }
        }
        return new RunCatalog.Relations(physicalNames, viewNames);
    }

    /** What to read under the lock of {@code stage} to check its records read ahead, if they were read by digest. */
    Optional<LockProbe> probeFor(String stage) {
        synchronized (this) {
            StageRecords ahead = readFirst.get(stage);
            if (ahead == null || ahead.digest() == null) {
                return Optional.empty();
            }
        }
        return metadata.stageDigestProbe(stage);
    }

    /**
     * The records of {@code stage}, whose lock this run holds ({@code lock}): those read ahead if they are still
     * the stage's, else read now.
     */
    StageRecords of(Connection connection, String stage, StageLock lock) throws SQLException {
        Long mark;
        StageRecords ahead;
        synchronized (this) {
            mark = marks.remove(stage);
            ahead = readFirst.get(stage);
        }
        if (ahead != null && (mark != null ? lock.firstSince(mark)
                : ahead.digest() != null && lock.probed().filter(ahead.digest()::equals).isPresent())) {
            return ahead;
        }
        Optional<StageRecords> remembered = RememberedRecords.of(database, stage, lock);
        if (remembered.isPresent()) {
            return remembered.get();
        }
        return metadata.stageRecords(connection, List.of(stage)).get(stage);
    }

    /**
     * The records of {@code stage} for a plan, which reads without taking the stage's lock: those remembered if no
     * run took the lock since they were (a run holding it now makes them unusable), else read now.
     */
    StageRecords withoutLock(Connection connection, String stage) throws SQLException {
        Optional<StageRecords> remembered = RememberedRecords.ifStillTrue(database, stage);
        if (remembered.isPresent()) {
            return remembered.get();
        }
        return metadata.stageRecords(connection, List.of(stage)).get(stage);
    }

    /**
     * A stage the run found unchanged: remembers its records as the run found them, where they held only the
     * published version, for the next run of this process ({@link RememberedRecords}).
     */
    void rememberUnchanged(StageRun run, StageLock lock) {
        if (run.foundClean() != null) {
            RememberedRecords.remember(database, run.stage(), run.foundClean(), lock);
        }
    }

    /**
     * A stage the run published: remembers its records as the publish left them, for the next run of this process
     * ({@link RememberedRecords}), where they are known exactly. Where they are not, nothing is remembered: what an
     * earlier run left is of no use to the next one, which took the lock after this run.
     */
    void rememberPublished(StageRun run, CommittedVersion committed, NewVersion next, VersionChange change,
                           StageLock lock) {
        if (!RememberedRecords.keptFor(lock)) {
            return;
        }
        try {
            afterPublish(run, committed, next, change)
                    .ifPresent(records -> RememberedRecords.remember(database, run.stage(), records, lock));
        } catch (SQLException e) {
            LOG.debug("stage {}: its published version cannot be kept in memory ({}); the next run reads it",
                    run.stage(), e.getMessage());
        }
    }

    /**
     * What a read of a stage's records returns right after {@code run} published {@code next} over
     * {@code committed} with {@code change}, computed from what the run knows: only where the published version is
     * all the records hold (the run found nothing an earlier run left, and its publish retired nothing and took
     * nothing over); empty elsewhere.
     *
     * @throws SQLException if a new cache entry cannot be read back from the text it was written as
     */
    private static Optional<StageRecords> afterPublish(StageRun run, CommittedVersion committed, NewVersion next,
                                                       VersionChange change) throws SQLException {
        if (run.foundClean() == null || !change.retired().isEmpty() || !change.takenOver().isEmpty()) {
            return Optional.empty();
        }
        List<StoredObject> objects = new ArrayList<>();
        for (StoredObject old : committed.objects()) {
            if (next.kept().contains(old.physicalName())) {
                objects.add(old);
            }
        }
        for (String physical : next.registered()) {
            Optional<StoredObject> published = run.metadata().objects().asPublished(physical);
            if (published.isEmpty()) {
                return Optional.empty();
            }
            objects.add(published.get());
        }
        List<CacheEntry> entries = new ArrayList<>();
        for (CacheEntry entry : next.entries()) {
            // an entry carried over with its text reads back as the committed one it was carried from
            CacheEntry before = committed.entry(entry.task(), entry.ordinal());
            boolean carried = entry.stored() != null && before != null && entry.stored().equals(before.stored());
            entries.add(carried ? before : CacheEntries.readBack(entry, run.stage()));
        }
        return Optional.of(new StageRecords(objects, new StageEntries(entries, List.of(), run.runId()), null));
    }
}
