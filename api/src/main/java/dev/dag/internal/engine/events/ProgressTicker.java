package dev.dag.internal.engine.events;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread for the whole JVM that reports the progress of long tasks: a task registers when it
 * starts and cancels when it ends, so a task shorter than the interval costs one schedule and one cancel.
 */
final class ProgressTicker {
    private static ScheduledThreadPoolExecutor executor;

    private ProgressTicker() {
    }

    /** A registration to cancel when the task ends. */
    interface Ticket {
        void cancel();
    }

    /** Runs {@code report} after {@code interval} and every {@code interval} after that, until cancelled. */
    static Ticket every(Duration interval, Runnable report) {
        long millis = interval.toMillis();
        ScheduledFuture<?> future = executor().scheduleAtFixedRate(report, millis, millis, TimeUnit.MILLISECONDS);
        return () -> future.cancel(false);
    }

    private static synchronized ScheduledThreadPoolExecutor executor() {
        if (executor == null) {
            executor = new ScheduledThreadPoolExecutor(1, task -> {
                Thread thread = new Thread(task, "dag-progress");
                thread.setDaemon(true);
                return thread;
            });
            executor.setRemoveOnCancelPolicy(true); // cancelled reports of short tasks do not pile up
        }
        return executor;
    }
}
