package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.util.List;

/**
 * Scenario e: eight independent tasks, each a {@code CREATE TABLE ... AS} over a few million generated rows, run
 * with {@code parallelism = 2} against the same flow run with {@code parallelism = 1}, in the same JVM. On
 * PostgreSQL each task's statement runs in a server process of its own, so two at once use two cores; embedded
 * DuckDB already spreads one statement over every core, so two at once can only be as fast.
 */
public final class ParallelTasks implements Scenario {
    private static final int TASKS = 8;
    private static volatile BenchDatabase database;

    /** No version: every run builds all eight tables. */
    @Materialize
    static Table part(int index, long rows) {
        return Table.of("SELECT i AS id, (i * " + (index + 3) + ") % 1000003 AS v, i % 100 AS k FROM "
                + database.series(rows)).name("p" + index);
    }

    @Override
    public String id() {
        return "e";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        database = db;
        Flow flow = flow(options.parallelRows());
        List<Samples> samples = Repetitions.interleaved(options.reps(), List.of(
                () -> timedRun(flow, db, 1),
                () -> timedRun(flow, db, 2)));
        double ratio = samples.get(1).medianMillis() / samples.get(0).medianMillis();
        System.out.printf("  e: %d tasks, parallelism 1: %s%n  e: %d tasks, parallelism 2: %s%n", TASKS,
                samples.get(0).describe(), TASKS, samples.get(1).describe());
        boolean server = db.kind() == BenchDatabase.Kind.POSTGRES;
        double bound = server ? 0.65 : 1.05;
        report.add(ReportRow.atMost(String.format("e. %d independent tasks (CTAS of %,d rows each), parallelism 2 "
                        + "vs 1", TASKS, options.parallelRows()), db.label(),
                Millis.format(samples.get(1).medianMillis()) + " (parallelism 2)",
                Millis.format(samples.get(0).medianMillis()) + " (parallelism 1)",
                String.format("%.2f (2/1)", ratio), ratio, bound, String.format("<= %.2f", bound)));
    }

    private static Flow flow(long rows) {
        Flow flow = new Flow("e_parallel");
        try (flow; Stage stage = new Stage("e_parallel")) {
            for (int index = 0; index < TASKS; index++) {
                part(index, rows);
            }
        }
        return flow;
    }

    private static long timedRun(Flow flow, BenchDatabase db, int parallelism) {
        long start = System.nanoTime();
        var result = flow.run(FlowRuns.options(db).withParallelism(parallelism));
        long elapsed = System.nanoTime() - start;
        FlowRuns.expect(result, TaskOutcome.RAN, TASKS);
        return elapsed;
    }
}
