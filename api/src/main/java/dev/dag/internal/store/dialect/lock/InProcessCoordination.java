package dev.dag.internal.store.dialect.lock;

import dev.dag.internal.jdbc.Statements;
import dev.dag.internal.jdbc.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Coordination within this JVM, for embedded databases: a DuckDB file already refuses a second process (DuckDB
 * locks the file), so every live run of the database is a run of this process, and only its threads compete for
 * a stage. Such a lock cannot be lost while the process lives.
 */
public final class InProcessCoordination implements Coordination {
    public static final InProcessCoordination INSTANCE = new InProcessCoordination();

    private final Set<String> live = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, Gate> locks = new ConcurrentHashMap<>();

    /**
     * One stage's lock: a permit rather than a reentrant lock, as a run may release a stage on another thread than
     * it took it on; and how many times it was taken, for {@link #freeMark}.
     */
    private static final class Gate {
        final Semaphore permit = new Semaphore(1);
        final AtomicLong takes = new AtomicLong();
    }

    private InProcessCoordination() {
    }

    @Override
    public Presence join(String runId, Connections connections) {
        live.add(runId);
        return () -> live.remove(runId);
    }

    /** The live runs of this process, on any embedded database (a run of another one only counts as a reader). */
    @Override
    public Optional<Set<String>> allLive() {
        return Optional.of(Set.copyOf(live));
    }

    @Override
    public Set<String> live(Connection connection, Collection<String> runIds) {
        return runIds.stream().filter(live::contains).collect(Collectors.toSet());
    }

    @Override
    public StageLock lock(String runId, String name, Connections connections, Duration timeout,
                          Consumer<String> waiting) throws InterruptedException {
        Gate gate = gate(name);
        if (!gate.permit.tryAcquire()) {
            waiting.accept("another run of this JVM holds " + name);
            if (!gate.permit.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return null;
            }
        }
        long taken = gate.takes.incrementAndGet();
        AtomicBoolean held = new AtomicBoolean(true);
        return new StageLock() {
            @Override
            public void commitFenced(Statements work) throws SQLException {
                try (Connection connection = connections.pooled()) {
                    Transactions.commit(connection, work);
                }
            }

            @Override
            public boolean firstSince(long mark) {
                return taken == mark + 1;
            }

            @Override
            public OptionalLong heldMark() {
                return OptionalLong.of(taken);
            }

            @Override
            public void close() {
                if (held.getAndSet(false)) {
                    gate.permit.release();
                }
            }
        };
    }

    /**
     * The count of takes, read twice around seeing the permit free: a run that takes the lock in between is either
     * seen holding it or counted after the first read, so no run that may still commit is hidden behind a mark.
     */
    @Override
    public OptionalLong freeMark(String name) {
        Gate gate = gate(name);
        long before = gate.takes.get();
        boolean free = gate.permit.availablePermits() == 1;
        return free && gate.takes.get() == before ? OptionalLong.of(before) : OptionalLong.empty();
    }

    private Gate gate(String name) {
        return locks.computeIfAbsent(name, key -> new Gate());
    }
}
