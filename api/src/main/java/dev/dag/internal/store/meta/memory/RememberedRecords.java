package dev.dag.internal.store.meta.memory;

import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.lock.StageLock;
import dev.dag.internal.store.meta.CacheEntries.StageEntries;
import dev.dag.internal.store.meta.StageRecords;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.WeakHashMap;

/**
 * A stage's records as the last run of this process to hold its lock left them, where every run that may write
 * them is a run of this process (an embedded database: DuckDB lets one process open its file, and its runs take
 * in-process locks that count their holders). A run that published a stage in a simple way, or found it unchanged,
 * knows exactly what a read of its records returns after it; the next run to take the stage's lock uses that instead
 * of reading, when no other run took the lock in between. On DuckDB the read costs one to two milliseconds and the
 * version's cache entries must be parsed again, in a run that may take only tens of milliseconds in all.
 *
 * <p>Every write of a stage's records happens under its lock, so a run that took the lock after the mark may have
 * changed them: the remembered records are then not used. A store created anew (its metadata schema dropped by
 * hand) forgets every stage.
 */
public final class RememberedRecords {
    /** The open databases' remembered stages; a database closed and opened again starts with none. */
    private static final Map<Database, Map<String, Remembered>> BY_DATABASE =
            Collections.synchronizedMap(new WeakHashMap<>());

    private record Remembered(StageRecords records, long mark) {
    }

    private RememberedRecords() {
    }

    /** Whether records are remembered for runs holding a lock like {@code lock} (else nothing needs computing). */
    public static boolean keptFor(StageLock lock) {
        return lock.heldMark().isPresent();
    }

    /**
     * Remembers {@code records} as the state of {@code stage} that run holding {@code lock} leaves: call it while
     * the lock is held, after the run's last write of the stage's records. Nothing is remembered where the lock
     * cannot tell whether another run took it since.
     */
    public static void remember(Database database, String stage, StageRecords records, StageLock lock) {
        OptionalLong mark = lock.heldMark();
        if (mark.isEmpty()) {
            return;
        }
        Remembered remembered = new Remembered(copy(records), mark.getAsLong());
        synchronized (BY_DATABASE) {
            BY_DATABASE.computeIfAbsent(database, key -> new HashMap<>()).put(stage, remembered);
        }
    }

    /** The records of {@code stage} as remembered, if no run took its lock between their run and {@code lock}. */
    public static Optional<StageRecords> of(Database database, String stage, StageLock lock) {
        Remembered remembered = remembered(database, stage);
        if (remembered == null || !lock.firstSince(remembered.mark())) {
            return Optional.empty();
        }
        return Optional.of(copy(remembered.records()));
    }

    /**
     * The remembered records of {@code stage} if they are still its state now, while no run holds its lock: a run
     * about to take the lock need not read them ahead (under the lock it still asks {@link #of}).
     */
    public static Optional<StageRecords> ifStillTrue(Database database, String stage) {
        Remembered remembered = remembered(database, stage);
        if (remembered == null) {
            return Optional.empty();
        }
        OptionalLong mark = database.stageLockFreeMark(stage);
        return mark.isPresent() && mark.getAsLong() == remembered.mark()
                ? Optional.of(copy(remembered.records())) : Optional.empty();
    }

    /** Forgets every stage of {@code database} (its metadata tables were created anew). */
    public static void forgetAll(Database database) {
        BY_DATABASE.remove(database);
    }

    private static Remembered remembered(Database database, String stage) {
        synchronized (BY_DATABASE) {
            Map<String, Remembered> stages = BY_DATABASE.get(database);
            return stages == null ? null : stages.get(stage);
        }
    }

    /** A copy whose lists the caller may change (as those of a read). */
    private static StageRecords copy(StageRecords records) {
        StageEntries entries = records.entries();
        return new StageRecords(new ArrayList<>(records.objects()), new StageEntries(
                new ArrayList<>(entries.published()), new ArrayList<>(entries.staged()), entries.publishedBy()), null);
    }
}
