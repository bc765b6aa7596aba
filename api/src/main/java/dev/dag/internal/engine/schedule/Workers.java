package dev.dag.internal.engine.schedule;

import dev.dag.internal.store.RunningStatements;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the tasks a schedule starts, at most {@code slots} at once: with one slot on the flow's own thread, one
 * task after another, as a run always did; with more on threads of their own. Hands back each task's end in the
 * order they end, and cancels the statements dag runs for a task on request. Only the flow's thread calls it.
 */
final class Workers implements AutoCloseable {
    private static final int RECANCEL_SECONDS = 1;
    private final int slots;
    private final ExecutorService threads;
    private final BlockingQueue<Done> done = new LinkedBlockingQueue<>();
    private final Map<Integer, RunningStatements> running = new HashMap<>();

    /** A task that ended: whether it succeeded, or the error that is a bug of dag (then null). */
    record Done(int task, boolean succeeded, Throwable bug) {
    }

    /** {@code name}: what the worker threads are called after, e.g. the flow. */
    Workers(int slots, String name) {
        this.slots = slots;
        this.threads = slots == 1 ? null : Executors.newFixedThreadPool(slots, daemonThreads(name));
    }

    private static ThreadFactory daemonThreads(String name) {
        AtomicInteger count = new AtomicInteger();
        return work -> {
            Thread thread = new Thread(work, "dag-" + name + "-" + count.incrementAndGet());
            thread.setDaemon(true); // a task stuck in its own code must not keep the JVM alive after main ended
            return thread;
        };
    }

    boolean hasFreeSlot() {
        return running.size() < slots;
    }

    /** How many tasks started and were not handed back by {@link #next()} yet. */
    int running() {
        return running.size();
    }

    /**
     * Starts {@code task}: settled at once on this thread when its work can (see {@link FlowSteps.TaskWork#settleHere}),
     * else run on this thread with one slot, or on a worker thread.
     */
    void start(int task, FlowSteps.TaskWork work) {
        RunningStatements statements = new RunningStatements();
        running.put(task, statements);
        Done settled = settleHere(task, work, statements);
        if (settled != null) {
            done.add(settled);
        } else if (threads == null) {
            done.add(run(task, work, statements));
        } else {
            threads.execute(() -> done.add(run(task, work, statements)));
        }
    }

    private static Done settleHere(int task, FlowSteps.TaskWork work, RunningStatements statements) {
        try (RunningStatements bound = statements.bindToThisThread()) {
            Boolean succeeded = work.settleHere();
            return succeeded == null ? null : new Done(task, succeeded, null);
        } catch (RuntimeException | Error bug) {
            return new Done(task, false, bug);
        }
    }

    private static Done run(int task, FlowSteps.TaskWork work, RunningStatements statements) {
        try (RunningStatements bound = statements.bindToThisThread()) {
            return new Done(task, work.run(), null);
        } catch (RuntimeException | Error bug) {
            return new Done(task, false, bug);
        }
    }

    /**
     * The next task that ended, waiting for it (not interruptibly: a run ends by itself or by a failure). While it
     * waits, it repeats the cancel of cancelled tasks now and then (see {@link RunningStatements#cancelAgain()}).
     */
    Done next() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    Done next = done.poll(RECANCEL_SECONDS, TimeUnit.SECONDS);
                    if (next == null) {
                        running.values().forEach(RunningStatements::cancelAgain);
                        continue;
                    }
                    running.remove(next.task());
                    return next;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Cancels the statements dag runs for {@code task}, if it is running, because of {@code why}. */
    void cancel(int task, String why) {
        RunningStatements statements = running.get(task);
        if (statements != null) {
            statements.cancel(why);
        }
    }

    /** Cancels every running task and waits until each has ended; then lets the threads go. */
    @Override
    public void close() {
        running.keySet().forEach(task -> cancel(task, "the run ended at an error of dag"));
        while (!running.isEmpty()) {
            next();
        }
        if (threads != null) {
            threads.shutdown();
        }
    }
}
