package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.TaskOutcome;
import java.util.List;

/**
 * Scenario h: the fully cache-valid rerun of a flow of 5,000 small tasks, and its plan, against the same for the
 * 200-task flow of scenario c, interleaved in the same run: dag's cost per task must stay flat as a flow grows (no
 * step that is quadratic in the tasks of a run). Both flows have c's shape: stages of lanes, each task reading the
 * same lane of the previous stage.
 */
public final class ManyTasksAtScale implements Scenario {
    private static final double GOAL = 1.25;

    @Override
    public String id() {
        return "h";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        int smallTasks = options.stages() * options.lanes();
        int largeTasks = options.scaleStages() * options.scaleLanes();
        Flow small = LaneFlows.of("hc", options.stages(), options.lanes(), ManyTasksRerun::seed, ManyTasksRerun::step);
        Flow large = LaneFlows.of("h", options.scaleStages(), options.scaleLanes(), ManyTasksRerun::seed,
                ManyTasksRerun::step);
        long build = Repetitions.time(() -> FlowRuns.expect(FlowRuns.run(large, db), TaskOutcome.RAN, largeTasks));
        FlowRuns.expect(FlowRuns.run(small, db), TaskOutcome.RAN, smallTasks);
        List<Samples> samples = Repetitions.interleaved(options.warmup(), options.reps(), List.of(
                () -> LaneFlows.rerun(large, db, largeTasks),
                () -> LaneFlows.rerun(small, db, smallTasks),
                () -> plan(large, db, largeTasks),
                () -> plan(small, db, smallTasks)));
        System.out.printf("  h: rerun of %,d cache-valid tasks: %s%n  h: rerun of %d: %s%n  h: plan of %,d: %s%n"
                        + "  h: plan of %d: %s%n", largeTasks, samples.get(0).describe(), smallTasks,
                samples.get(1).describe(), largeTasks, samples.get(2).describe(), smallTasks, samples.get(3).describe());
        add(report, db, "h. cache-valid rerun", samples.get(0), largeTasks, samples.get(1), smallTasks);
        add(report, db, "h'. its plan", samples.get(2), largeTasks, samples.get(3), smallTasks);
        report.note(String.format("h/%s: first build of the %,d tasks: %s", db.label(), largeTasks,
                Millis.format(build / 1e6)));
    }

    private static void add(Report report, BenchDatabase db, String what, Samples large, int largeTasks, Samples small,
                            int smallTasks) {
        double perLarge = large.medianMillis() / largeTasks;
        double perSmall = small.medianMillis() / smallTasks;
        double ratio = perLarge / perSmall;
        report.add(ReportRow.atMost(String.format("%s, %,d tasks vs %d (c's flow), per task", what, largeTasks,
                        smallTasks), db.label(), String.format("%.2f ms/task (%s)", perLarge,
                        Millis.format(large.medianMillis())), String.format("%.2f ms/task (%s)", perSmall,
                        Millis.format(small.medianMillis())), String.format("%.2f (per task, %,d/%d)", ratio,
                        largeTasks, smallTasks), ratio, GOAL, "<= " + GOAL));
    }

    /** The nanoseconds of a plan of {@code flow}, which must find all its {@code tasks} tasks cache-valid. */
    private static long plan(Flow flow, BenchDatabase db, int tasks) {
        long start = System.nanoTime();
        Plan plan = flow.plan(FlowRuns.options(db));
        long elapsed = System.nanoTime() - start;
        int valid = plan.tasks(PlannedTask.Decision.CACHE_VALID).size();
        if (valid != tasks) {
            throw new IllegalStateException("expected " + tasks + " task(s) CACHE_VALID in the plan of flow '"
                    + plan.flowName() + "', got " + valid + ":\n" + plan.summary());
        }
        return elapsed;
    }
}
