package dev.dag.internal.store.dialect.lock;

import dev.dag.internal.jdbc.Statements;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A held stage lock: while a run holds it, no other run writes the stage. A lock can be lost while it is held
 * (its session ends, its lease runs out); {@link #commitFenced} is how a publish proves it was not.
 */
public interface StageLock extends AutoCloseable {

    /**
     * Runs {@code work} in one transaction that commits only if this lock is held until the commit: a run that
     * lost its lock commits nothing, whatever another run did to the stage meanwhile.
     *
     * @throws LostStageLockException if the lock was lost (nothing of {@code work} is committed)
     * @throws SQLException           if {@code work} failed (rolled back)
     */
    void commitFenced(Statements work) throws SQLException;

    /**
     * Whether no other run took this lock between {@code mark} ({@link Coordination#freeMark}) and this run taking
     * it: what was read after the mark is then still the stage's state. False when the coordination cannot tell.
     */
    default boolean firstSince(long mark) {
        return false;
    }

    /**
     * A mark of this hold of the lock, which the next run to take it can test with {@link #firstSince}: whether no
     * other run took the lock in between. Empty where the coordination cannot tell.
     */
    default OptionalLong heldMark() {
        return OptionalLong.empty();
    }

    /**
     * The answer to the probe the lock was taken with, read after the lock was taken ({@link LockProbe}); empty
     * when it was taken without one, or where the coordination does not answer probes.
     */
    default Optional<String> probed() {
        return Optional.empty();
    }

    /** Releases the lock. */
    @Override
    void close();
}
