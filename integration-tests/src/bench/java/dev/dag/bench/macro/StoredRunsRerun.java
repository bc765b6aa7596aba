package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.TaskOutcome;
import java.util.List;

/**
 * Scenario i: the fully cache-valid rerun of a small flow (c's shape, 2 stages of 5 lanes) after {@value #FEW_RUNS}
 * stored runs of it, against the same rerun after {@code --history} stored runs (default 1,000): dag's run history
 * grows with every run, and a run must not slow down with it. The two cannot be interleaved (history only grows):
 * the first set of repetitions runs after {@value #FEW_RUNS} runs, the second after the history was filled up with
 * more cache-valid runs.
 */
public final class StoredRunsRerun implements Scenario {
    /** The stored runs before the first measurement. */
    static final int FEW_RUNS = 10;

    private static final int STAGES = 2;
    private static final int LANES = 5;
    private static final double GOAL = 1.2;

    @Override
    public String id() {
        return "i";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        int tasks = STAGES * LANES;
        Flow flow = LaneFlows.of("i", STAGES, LANES, ManyTasksRerun::seed, ManyTasksRerun::step);
        FlowRuns.expect(FlowRuns.run(flow, db), TaskOutcome.RAN, tasks);
        int stored = 1;
        stored = fill(flow, db, tasks, stored, FEW_RUNS);
        Samples few = Repetitions.interleaved(options.warmup(), options.reps(),
                List.of(() -> LaneFlows.rerun(flow, db, tasks))).get(0);
        stored += options.warmup() + options.reps();
        long filling = System.nanoTime();
        stored = fill(flow, db, tasks, stored, options.history());
        filling = System.nanoTime() - filling;
        Samples many = Repetitions.interleaved(options.warmup(), options.reps(),
                List.of(() -> LaneFlows.rerun(flow, db, tasks))).get(0);
        double ratio = many.medianMillis() / few.medianMillis();
        System.out.printf("  i: rerun after %d stored runs: %s%n  i: rerun after %,d stored runs: %s%n", FEW_RUNS,
                few.describe(), options.history(), many.describe());
        report.add(ReportRow.atMost(String.format("i. cache-valid rerun of %d tasks after %,d stored runs vs after %d",
                        tasks, options.history(), FEW_RUNS), db.label(), Millis.format(many.medianMillis()),
                Millis.format(few.medianMillis()) + " (after " + FEW_RUNS + ")",
                String.format("%.2f (%,d/%d)", ratio, options.history(), FEW_RUNS), ratio, GOAL, "<= " + GOAL));
        StatementBreakdown.print("i", () -> LaneFlows.rerun(flow, db, tasks));
        report.note(String.format("i/%s: filling the history up to %,d runs took %s", db.label(), stored,
                Millis.format(filling / 1e6)));
    }

    /** Runs {@code flow} (cache-valid) until it has {@code target} stored runs; returns how many it has. */
    private static int fill(Flow flow, BenchDatabase db, int tasks, int stored, int target) {
        for (int run = stored; run < target; run++) {
            LaneFlows.rerun(flow, db, tasks);
        }
        return Math.max(stored, target);
    }
}
