package dev.dag.it.steer;

import dev.dag.Materialization;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.StageOutcome;
import dev.dag.TaskProgress;
import dev.dag.TaskResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A listener that writes every event it hears as one line of text, progress reports apart (they come by time). */
final class EventLog implements RunListener {
    private final List<String> events = new ArrayList<>();
    private final List<TaskProgress> progress = new CopyOnWriteArrayList<>();
    private final List<String> runIds = new ArrayList<>();

    /** Every event but progress reports, in the order heard. */
    synchronized List<String> events() {
        return List.copyOf(events);
    }

    /** The progress reports heard so far. */
    List<TaskProgress> progress() {
        return progress;
    }

    /** The run ids the events named, one per event. */
    synchronized List<String> runIds() {
        return List.copyOf(runIds);
    }

    private synchronized void add(RunContext run, String event) {
        events.add(event);
        runIds.add(run.runId());
    }

    @Override
    public void runStarted(RunContext run) {
        add(run, "run " + run.flowName() + " started");
    }

    @Override
    public void stageStarted(RunContext run, String stage) {
        add(run, "stage " + stage + " started");
    }

    @Override
    public void taskStarted(RunContext run, String stage, String task) {
        add(run, "task " + stage + "." + task + " started");
    }

    @Override
    public void taskProgress(RunContext run, TaskProgress report) {
        progress.add(report);
    }

    @Override
    public void tableMaterialized(RunContext run, Materialization table) {
        add(run, "table " + table.stage() + "." + table.table() + " of " + table.task() + " "
                + (table.kept() ? "kept" : "written") + " (" + table.rows() + " rows)");
    }

    @Override
    public void taskFinished(RunContext run, TaskResult task) {
        add(run, "task " + task.stage() + "." + task.task() + " " + task.outcome());
    }

    @Override
    public void stageFinished(RunContext run, String stage, StageOutcome outcome) {
        add(run, "stage " + stage + " " + outcome);
    }

    @Override
    public void runFinished(RunContext run, Result result) {
        add(run, "run " + run.flowName() + " finished " + (result.successful() ? "successful" : "failed"));
    }
}
