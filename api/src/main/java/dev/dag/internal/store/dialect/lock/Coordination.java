package dev.dag.internal.store.dialect.lock;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;

/**
 * How the runs on one database take turns and see each other: the lock that lets one run at a time write a
 * stage, and each run's {@link Presence}, which tells the live runs from those that died. One implementation per
 * lock mode: within one process (embedded databases), session advisory locks, or leases in a table.
 */
public interface Coordination {

    /** Marks run {@code runId} live until the returned presence is closed or its process dies. */
    Presence join(String runId, Connections connections) throws SQLException;

    /**
     * Every live run, when this coordination sees them all (one process at a time opens the database): the
     * metadata then needs no record of a run's start for other runs to find it live. Empty where runs of other
     * processes are live too.
     */
    default Optional<Set<String>> allLive() {
        return Optional.empty();
    }

    /** Of {@code runIds}, those of runs that are live now. */
    Set<String> live(Connection connection, Collection<String> runIds) throws SQLException;

    /**
     * Takes the lock named {@code name} for run {@code runId}, waiting at most {@code timeout}.
     *
     * @param waiting called once, with a description of the holder, if another run holds it
     * @return the held lock, or null if the timeout passed
     */
    StageLock lock(String runId, String name, Connections connections, Duration timeout, Consumer<String> waiting)
            throws SQLException, InterruptedException;

    /**
     * Takes the lock as {@link #lock(String, String, Connections, Duration, Consumer)} does and answers
     * {@code probe} under it ({@link StageLock#probed()}), where this coordination can send both at once; elsewhere
     * the lock only.
     */
    default StageLock lock(String runId, String name, Connections connections, Duration timeout,
                           Consumer<String> waiting, LockProbe probe) throws SQLException, InterruptedException {
        return lock(runId, name, connections, timeout, waiting);
    }

    /** Whether {@link #lock(String, String, Connections, Duration, Consumer, LockProbe)} answers probes. */
    default boolean answersProbes() {
        return false;
    }

    /**
     * A mark of the lock named {@code name}, taken now, when this coordination sees every run that may take it (the
     * runs of this process) and none holds it; empty otherwise. What a run reads after the mark stays true until
     * another run takes the lock: {@link StageLock#firstSince} tells a run that takes it later whether one did.
     */
    default OptionalLong freeMark(String name) {
        return OptionalLong.empty();
    }
}
