package dev.dag.internal.engine.events;

import dev.dag.Materialization;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.StageOutcome;
import dev.dag.TaskProgress;
import dev.dag.TaskResult;
import dev.dag.internal.store.LoadedRows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands a run's events to its listeners: dag's own progress log first, then the user's, in the order they were
 * added. A listener that throws is logged and skipped, so that monitoring code never breaks a run.
 */
public final class RunEvents {
    private static final Logger LOG = LoggerFactory.getLogger(RunEvents.class);
    private static final RunEvents NONE = new RunEvents(null, List.of(), Duration.ofDays(1));

    private final RunContext run;
    private final List<RunListener> listeners;
    private final Duration progressInterval;

    private RunEvents(RunContext run, List<RunListener> listeners, Duration progressInterval) {
        this.run = run;
        this.listeners = listeners;
        this.progressInterval = progressInterval;
    }

    /** The events of {@code run}, heard by dag's progress log and {@code listeners}. */
    public static RunEvents of(RunContext run, List<RunListener> listeners, Duration progressInterval) {
        List<RunListener> all = new ArrayList<>();
        all.add(new ProgressLog());
        all.addAll(listeners);
        return new RunEvents(run, List.copyOf(all), progressInterval);
    }

    /** Events nobody hears (a plan). */
    public static RunEvents none() {
        return NONE;
    }

    public void runStarted() {
        notify("runStarted", listener -> listener.runStarted(run));
    }

    public void stageStarted(String stage) {
        notify("stageStarted", listener -> listener.stageStarted(run, stage));
    }

    /**
     * A task starts on this thread; close the returned handle when it ended. Until then its bulk-loaded rows are
     * counted, and once it ran for the progress interval its progress is reported at each interval.
     */
    public RunningTask taskStarted(String stage, String task) {
        if (this == NONE) {
            return RunningTask.NOTHING;
        }
        announceTask(stage, task);
        return taskRunning(stage, task);
    }

    /** Tells the listeners that a task starts (its key is computed now; its body, if it runs, may run elsewhere). */
    public void announceTask(String stage, String task) {
        notify("taskStarted", listener -> listener.taskStarted(run, stage, task));
    }

    /** What {@link #taskStarted} does but tell the listeners: for a task {@link #announceTask} announced already. */
    public RunningTask taskRunning(String stage, String task) {
        if (this == NONE) {
            return RunningTask.NOTHING;
        }
        LoadedRows rows = LoadedRows.bindToThisThread();
        long start = System.nanoTime();
        AtomicBoolean ended = new AtomicBoolean();
        Runnable report = () -> {
            long millis = (System.nanoTime() - start) / 1_000_000;
            TaskProgress progress = new TaskProgress(stage, task, millis, rows.rows());
            synchronized (this) { // a tick under way when the task ended says nothing after the end
                if (!ended.get()) {
                    notify("taskProgress", listener -> listener.taskProgress(run, progress));
                }
            }
        };
        ProgressTicker.Ticket ticket = ProgressTicker.every(progressInterval, report);
        return () -> {
            ticket.cancel(); // stops later ticks, not one already running
            synchronized (this) {
                ended.set(true);
            }
            rows.unbind();
        };
    }

    public void tableMaterialized(Materialization table) {
        notify("tableMaterialized", listener -> listener.tableMaterialized(run, table));
    }

    public void taskFinished(TaskResult task) {
        notify("taskFinished", listener -> listener.taskFinished(run, task));
    }

    public void stageFinished(String stage, StageOutcome outcome) {
        notify("stageFinished", listener -> listener.stageFinished(run, stage, outcome));
    }

    public void runFinished(Result result) {
        notify("runFinished", listener -> listener.runFinished(run, result));
    }

    /** One event at a time: tasks running at once report from their own threads, listeners need no locks. */
    private synchronized void notify(String event, Consumer<RunListener> call) {
        for (RunListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException | LinkageError e) {
                LOG.warn("run {}: listener {} failed on {} (ignored, the run goes on): {}", run.runId(),
                        listener.getClass().getName(), event, e.toString(), e);
            }
        }
    }

    /** A task that started: closing it stops its progress reports. */
    public interface RunningTask extends AutoCloseable {
        RunningTask NOTHING = () -> { };

        @Override
        void close();
    }
}
