package dev.dag.it.cache.model;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Plan;
import dev.dag.Result;
import dev.dag.TaskResult;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import dev.dag.it.support.gen.Property;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plays one scenario on one database: runs the generated flow, then after each edit runs it again (after a selected
 * run, when the edit's gene asks for one: {@link SelectedRun}), and judges each run against the reference model,
 * against a clean run of the same (effective) definition in a fresh database, and against the plan made just before
 * it ({@code flow.plan}, see {@link PlanAgreement}).
 * Stops at the first run that disagrees: after it, the model's memory of the committed stages is no longer dag's.
 */
final class ScenarioRunner {
    private final TestDatabase.Kind kind;
    private final TaskClasses classes = new TaskClasses();
    private final ReferenceModel model = new ReferenceModel();
    private final BuiltCode built = new BuiltCode();
    private final List<Step> steps = new ArrayList<>();

    ScenarioRunner(TestDatabase.Kind kind) {
        this.kind = kind;
    }

    ScenarioReport run(FlowSpec initial, List<EditGene> edits) {
        try (TestDatabase db = TestDatabase.open(kind, "model")) {
            FlowSpec flow = initial;
            Step step = step(db, 0, null, null, flow, Map.of());
            for (int i = 0; step.verdict().passed() && i < edits.size(); i++) {
                Edit edit = edits.get(i).toEdit(flow);
                flow = edit.apply(flow);
                step = step(db, i + 1, edit, edits.get(i).selection(flow), flow, step.observation().after());
            }
        }
        return new ScenarioReport(kind, edits.size(), steps);
    }

    private Step step(TestDatabase db, int index, Edit edit, Selection selection, FlowSpec flow,
                      Map<String, PublishedTable> before) {
        String source = TaskSource.of(flow);
        Prediction prediction = model.predict(flow);
        Observation observed = null;
        Verdict verdict;
        try {
            ModelFiles.write(flow);
            SelectedRun selected = selection == null ? null : selectedRun(db, flow, source, selection, before);
            if (selected != null) {
                prediction = model.predict(flow);
                before = selected.observed().after();
            }
            observed = observe(db, flow, source, before);
            built.record(flow, observed.executed());
            Map<String, PublishedTable> clean = index == 0 ? null : cleanRun(built.effective(flow));
            verdict = Verdict.of(flow, prediction, observed, clean);
            if (selected != null) {
                verdict = selected.judge(flow, clean).and(verdict);
            }
        } catch (RuntimeException | AssertionError | LinkageError e) {
            verdict = new Verdict(List.of(), List.of(), List.of(), List.of("the run failed: " + stackTrace(e)));
        }
        if (verdict.passed()) {
            model.commit(prediction);
        }
        Step step = new Step(index, edit, selection, flow, source, prediction, observed, verdict);
        steps.add(step);
        return step;
    }

    private Observation observe(TestDatabase db, FlowSpec flow, String source, Map<String, PublishedTable> before) {
        Class<?> tasks = classes.load(source);
        Flow definition = TaskClasses.define(tasks);
        Plan plan = definition.plan(db.options());
        TaskClasses.takeExecuted(tasks); // the lazy bodies the plan ran are not executions of the run
        Result result = definition.run(db.options());
        Set<String> executed = TaskClasses.takeExecuted(tasks);
        PlanAgreement.assertAgrees(plan, result);
        Map<String, TaskResult> results = new LinkedHashMap<>();
        result.tasks().forEach(task -> results.put(task.task(), task));
        return new Observation(results, executed, before, PublishedTables.read(db, flow.stageNames()),
                result.summary());
    }

    /**
     * Runs {@code selection} of {@code flow} and takes what it commits into the model as predicted (the judgement
     * comes with the full run's, after the clean run it compares with).
     */
    private SelectedRun selectedRun(TestDatabase db, FlowSpec flow, String source, Selection selection,
                                    Map<String, PublishedTable> before) {
        ReferenceModel.SelectedPrediction predicted = model.predict(flow, selection);
        Class<?> tasks = classes.load(source);
        Flow definition = TaskClasses.define(tasks);
        Map<String, TaskResult> results = new LinkedHashMap<>();
        DagException error = null;
        String summary;
        Plan plan = definition.plan(selection.applyTo(db.options()));
        TaskClasses.takeExecuted(tasks); // the lazy bodies the plan ran are not executions of the run
        try {
            Result result = definition.run(selection.applyTo(db.options()));
            PlanAgreement.assertAgrees(plan, result);
            result.tasks().forEach(task -> results.put(task.task(), task));
            summary = result.summary();
        } catch (DagException e) {
            e.result().ifPresent(result -> PlanAgreement.assertAgrees(plan, result));
            error = e;
            summary = e.getMessage();
        }
        Set<String> executed = TaskClasses.takeExecuted(tasks);
        if (!selection.forces()) {
            built.record(flow, executed);
        }
        String failsAt = predicted.failsAt();
        Property.collect("selected runs, as predicted", failsAt == null ? "run through"
                : "refused at a left-out " + (flow.task(failsAt).kind().lazy() ? "lazy" : "versioned or AUTO") + " task");
        model.commit(predicted.prediction(),
                selection.committedStages(failsAt == null ? -1 : flow.task(failsAt).stage()));
        return new SelectedRun(selection, predicted, error, new Observation(results, executed, before,
                PublishedTables.read(db, flow.stageNames()), summary));
    }

    /** What a fresh database publishes after one run of {@code flow}. */
    private Map<String, PublishedTable> cleanRun(FlowSpec flow) {
        Class<?> tasks = classes.load(TaskSource.of(flow));
        try (TestDatabase fresh = TestDatabase.open(kind, "model-clean")) {
            Flow definition = TaskClasses.define(tasks);
            definition.run(fresh.options());
            TaskClasses.takeExecuted(tasks);
            return PublishedTables.read(fresh, flow.stageNames());
        }
    }

    private static String stackTrace(Throwable e) {
        StringWriter text = new StringWriter();
        e.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
