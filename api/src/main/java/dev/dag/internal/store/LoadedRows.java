package dev.dag.internal.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Rows bulk-loaded so far on behalf of one task, readable from another thread while the load goes on (for
 * progress reports). The engine binds a counter to the thread that runs a task; the store's bulk path adds
 * to the counter of its thread, if any.
 */
public final class LoadedRows {
    private static final ThreadLocal<LoadedRows> CURRENT = new ThreadLocal<>();

    private final AtomicLong rows = new AtomicLong();

    private LoadedRows() {
    }

    /** A new counter, bound to this thread until {@link #unbind()}. */
    public static LoadedRows bindToThisThread() {
        LoadedRows counter = new LoadedRows();
        CURRENT.set(counter);
        return counter;
    }

    /** The counter bound to this thread, or null. */
    static LoadedRows ofThisThread() {
        return CURRENT.get();
    }

    /** Ends the binding (on the thread it was bound to). */
    public void unbind() {
        if (CURRENT.get() == this) {
            CURRENT.remove();
        }
    }

    /** Rows loaded so far. */
    public long rows() {
        return rows.get();
    }

    void add(long loaded) {
        rows.addAndGet(loaded);
    }
}
