package dev.dag.internal.engine.context;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts flow definitions and runs open in this JVM, so that the agent's bridge can return at once, with
 * one volatile read, for task methods called as plain Java while nothing dag-related is going on.
 */
public final class Activity {
    private static final AtomicInteger OPEN = new AtomicInteger();

    private Activity() {
    }

    /** Whether any flow definition or run is open in this JVM. */
    public static boolean any() {
        return OPEN.get() != 0;
    }

    static void begin() {
        OPEN.incrementAndGet();
    }

    static void end() {
        OPEN.decrementAndGet();
    }
}
