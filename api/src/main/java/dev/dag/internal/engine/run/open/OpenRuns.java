package dev.dag.internal.engine.run.open;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runs open in this JVM, for what happens outside their own thread:
 * <ul>
 * <li>the JVM exits under them ({@code System.exit} in the code an eager run wraps, e.g. at the end of {@code main}
 * under the agent's {@code flow=} option, or a SIGTERM): a shutdown hook, registered only while a run is open,
 * records each as aborted and drops what its open stages wrote. It never holds up the exit longer than
 * {@link #EXIT_BUDGET}: what it could not do by then is left for the next run of those stages, as after a crash;</li>
 * <li>a task method is called on a thread that works for no run: a plain Java call, which each open run hears
 * of, to warn.</li>
 * </ul>
 */
public final class OpenRuns {
    /** How long the shutdown hook may hold up the JVM's exit. */
    public static final Duration EXIT_BUDGET = Duration.ofSeconds(10);

    private static final Logger LOG = LoggerFactory.getLogger(OpenRuns.class);
    private static final Set<OpenRun> OPEN = new LinkedHashSet<>();
    private static Thread hook;

    private OpenRuns() {
    }

    /** A run as seen from outside its thread. */
    public interface OpenRun {
        /**
         * The JVM exits: records the run as aborted and drops what its open stages wrote, unless it ended meanwhile.
         *
         * @param deadline the {@link System#nanoTime()} by which to give up
         */
        void abortAtExit(long deadline);

        /** Task method {@code owner.method} was called on this thread, which works for no run: a plain call. */
        void calledOnAnotherThread(Class<?> owner, String method);
    }

    /** {@code run} is open: the hook ends it if the JVM exits first. */
    public static synchronized void opened(OpenRun run) {
        OPEN.add(run);
        if (hook == null) {
            Thread thread = new Thread(OpenRuns::abortAtExit, "dag-exit");
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

    /** A task method was called on this thread, which works for no run: every open run hears of it. */
    public static void calledOnThisThread(Class<?> owner, String method) {
        for (OpenRun run : snapshot()) {
            run.calledOnAnotherThread(owner, method);
        }
    }

    private static synchronized List<OpenRun> snapshot() {
        return List.copyOf(OPEN);
    }

    /** The hook: ends the open runs on a worker thread, and waits for it no longer than the budget. */
    private static void abortAtExit() {
        List<OpenRun> runs = snapshot();
        long deadline = System.nanoTime() + EXIT_BUDGET.toNanos();
        Thread worker = new Thread(() -> runs.forEach(run -> abort(run, deadline)), "dag-exit-cleanup");
        worker.setDaemon(true); // the JVM halts it if the budget runs out
        worker.start();
        try {
            worker.join(EXIT_BUDGET.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (worker.isAlive()) {
            LOG.warn("the JVM exits before dag could end its {} open runs within {} s; the next run of their stages "
                    + "drops what they staged", runs.size(), EXIT_BUDGET.toSeconds());
        }
    }

    private static void abort(OpenRun run, long deadline) {
        try {
            run.abortAtExit(deadline);
        } catch (RuntimeException e) {
            LOG.warn("could not end {} at the JVM's exit: {}", run, e.toString());
        }
    }
}
