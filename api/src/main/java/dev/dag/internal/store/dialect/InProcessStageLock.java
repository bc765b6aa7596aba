package dev.dag.internal.store.dialect;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Stage locks within this JVM, for embedded databases: a DuckDB file already refuses a second process
 * (DuckDB locks the file), so only threads of this process can compete.
 */
final class InProcessStageLock implements StageLock {
    static final InProcessStageLock INSTANCE = new InProcessStageLock();

    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

    private InProcessStageLock() {
    }

    @Override
    public Held acquire(String name, Connections connections, Duration timeout, Consumer<String> waiting)
            throws InterruptedException {
        ReentrantLock lock = locks.computeIfAbsent(name, key -> new ReentrantLock());
        if (!lock.tryLock()) {
            waiting.accept("another run of this JVM holds " + name);
            if (!lock.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return null;
            }
        }
        return lock::unlock;
    }
}
