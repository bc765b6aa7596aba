package dev.dag.internal.engine.run.exit;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends the runs still open when the JVM exits under them: {@code System.exit} in the code an eager run wraps (at
 * the end of {@code main} under the agent's {@code flow=} option), or a SIGTERM. A JVM shutdown hook, registered
 * only while a run is open, records each such run as aborted and drops what its open stages wrote. It never holds
 * up the exit longer than {@link #BUDGET}: what it could not do by then is left for the next run of those stages
 * to clean up, as after a crash.
 */
public final class ExitHook {
    /** How long the hook may hold up the JVM's exit. */
    public static final Duration BUDGET = Duration.ofSeconds(10);

    private static final Logger LOG = LoggerFactory.getLogger(ExitHook.class);
    private static final Set<OpenRun> OPEN = new LinkedHashSet<>();
    private static Thread hook;

    private ExitHook() {
    }

    /** A run the hook ends if the JVM exits while it is open. */
    public interface OpenRun {
        /**
         * Records the run as aborted and drops what its open stages wrote, unless it ended meanwhile.
         *
         * @param deadline the {@link System#nanoTime()} by which to give up
         */
        void abortAtExit(long deadline);
    }

    /** {@code run} is open: the hook ends it if the JVM exits first. */
    public static synchronized void opened(OpenRun run) {
        OPEN.add(run);
        if (hook == null) {
            Thread thread = new Thread(ExitHook::abortOpenRuns, "dag-exit");
            try {
                Runtime.getRuntime().addShutdownHook(thread);
                hook = thread;
            } catch (IllegalStateException exiting) {
                // the JVM exits already: the run cannot get far, and the next run of its stages cleans up
            }
        }
    }

    /** {@code run} ended: the hook leaves it alone, and goes when no run is open. */
    public static synchronized void ended(OpenRun run) {
        OPEN.remove(run);
        if (OPEN.isEmpty() && hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException exiting) {
                // the hook runs: it finds the run ended
            }
            hook = null;
        }
    }

    /** The hook: ends the open runs on a worker thread, and waits for it no longer than the budget. */
    private static void abortOpenRuns() {
        List<OpenRun> runs;
        synchronized (ExitHook.class) {
            runs = List.copyOf(OPEN);
        }
        long deadline = System.nanoTime() + BUDGET.toNanos();
        Thread worker = new Thread(() -> runs.forEach(run -> abort(run, deadline)), "dag-exit-cleanup");
        worker.setDaemon(true); // the JVM halts it if the budget runs out
        worker.start();
        try {
            worker.join(BUDGET.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (worker.isAlive()) {
            LOG.warn("the JVM exits before dag could end its {} open runs within {} s; the next run of their stages "
                    + "drops what they staged", runs.size(), BUDGET.toSeconds());
        }
    }

    private static void abort(OpenRun run, long deadline) {
        try {
            run.abortAtExit(deadline);
        } catch (RuntimeException e) {
            LOG.warn("could not end run {} at the JVM's exit: {}", run, e.toString());
        }
    }
}
