package dev.dag.internal.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether the metadata may hold objects retired for runs that might still read them, which a run's end looks for
 * to drop: where every run of the database is in this process, a run that found none left need not look again
 * until a publish of this process retires some (an earlier process may have left some, so the first run looks).
 * Where runs of other processes are live, any of them may retire some: every run looks. Not looking only leaves a
 * table longer, never drops one a run reads.
 */
public final class RetiredWatch {
    private final boolean seesEveryRun;
    /** Publishes that retired objects, counted after their commit; 1 at first: unknown. */
    private final AtomicLong retires = new AtomicLong(1);
    /** The count of {@link #retires} as of which no retired object was left. */
    private final AtomicLong clearAsOf = new AtomicLong();

    RetiredWatch(boolean seesEveryRun) {
        this.seesEveryRun = seesEveryRun;
    }

    /** A publish committed retired objects (called after its commit, so that a look that starts later sees them). */
    public void retired() {
        retires.incrementAndGet();
    }

    /** The mark to give {@link #noneLeftAsOf} after a look that started now. */
    public long mark() {
        return retires.get();
    }

    /** Whether a run's end must look for retired objects. */
    public boolean mayHoldSome() {
        return !seesEveryRun || clearAsOf.get() != retires.get();
    }

    /** A look that started at {@code mark} left no retired object. */
    public void noneLeftAsOf(long mark) {
        clearAsOf.accumulateAndGet(mark, Math::max);
    }
}
