package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.util.List;

/**
 * Scenario a: a cache-valid rerun of a stage holding one large table against the same stage holding a small
 * one. Carrying a table into the new stage version must not depend on its size. Runs {@code 4 x --reps}
 * repetitions, because one takes only tens of milliseconds.
 */
public final class CacheValidRerun implements Scenario {
    private static volatile BenchDatabase database;

    @Materialize(version = "1")
    static Table numbers(long rows) {
        return Table.of("SELECT i AS id, i % 97 AS k, i * 0.5 AS v FROM " + database.series(rows)).name("numbers");
    }

    @Override
    public String id() {
        return "a";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        database = db;
        Flow big = flow("a_big", options.bigRows());
        Flow small = flow("a_small", options.smallRows());
        long buildBig = Repetitions.time(() -> FlowRuns.expect(FlowRuns.run(big, db), TaskOutcome.RAN, 1));
        long buildSmall = Repetitions.time(() -> FlowRuns.expect(FlowRuns.run(small, db), TaskOutcome.RAN, 1));
        // A rerun takes tens of milliseconds, where scheduling noise on a small machine is of the same order: take
        // four times the usual number of samples.
        List<Samples> samples = Repetitions.interleaved(options.warmup(), 4 * options.reps(), List.of(rerun(big, db), rerun(small, db)));
        double ratio = samples.get(0).medianMillis() / samples.get(1).medianMillis();
        System.out.printf("  a: rerun %,d rows: %s%n  a: rerun %,d rows: %s%n", options.bigRows(),
                samples.get(0).describe(), options.smallRows(), samples.get(1).describe());
        report.add(ReportRow.atMost(String.format("a. cache-valid rerun, 1 table: %,d vs %,d rows", options.bigRows(),
                        options.smallRows()), db.label(), Millis.format(samples.get(0).medianMillis()),
                Millis.format(samples.get(1).medianMillis()), String.format("%.2f (big/small)", ratio), ratio, 1.2,
                "<= 1.2"));
        report.note(String.format("a/%s: first build (not part of the ratio): %,d rows %s, %,d rows %s", db.label(),
                options.bigRows(), Millis.format(buildBig / 1e6), options.smallRows(), Millis.format(buildSmall / 1e6)));
    }

    private static Flow flow(String name, long rows) {
        Flow flow = new Flow(name);
        try (flow; Stage stage = new Stage(name)) {
            numbers(rows);
        }
        return flow;
    }

    private static Repetitions.Timed rerun(Flow flow, BenchDatabase db) {
        return () -> {
            long start = System.nanoTime();
            var result = FlowRuns.run(flow, db);
            long elapsed = System.nanoTime() - start;
            FlowRuns.expect(result, TaskOutcome.CACHE_VALID, 1);
            return elapsed;
        };
    }
}
