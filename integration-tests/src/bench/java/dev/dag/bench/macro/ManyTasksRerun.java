package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * Scenario c: a fully cache-valid rerun of a flow of many small tasks (stages of parallel lanes, each task
 * reading the same lane of the previous stage): dag's fixed cost per task. The reference figure is one
 * JDBC round trip ({@code SELECT 1} on an open connection), so the ratio reads "round trips per task".
 */
public final class ManyTasksRerun implements Scenario {

    @Materialize(version = "1")
    static Table seed(int lane) {
        return Table.of("SELECT " + lane + " AS lane, 0 AS depth").name("t" + lane);
    }

    @Materialize(version = "1")
    static Table step(Table previous, int lane) {
        return Table.of("SELECT lane, depth + 1 AS depth FROM " + previous.ref()).name("t" + lane);
    }

    @Override
    public String id() {
        return "c";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        int tasks = options.stages() * options.lanes();
        Flow flow = LaneFlows.of("c", options, ManyTasksRerun::seed, ManyTasksRerun::step);
        long build = Repetitions.time(() -> FlowRuns.expect(FlowRuns.run(flow, db), TaskOutcome.RAN, tasks));
        try (Connection plain = db.plainConnection("")) {
            // A rerun takes tens of milliseconds, the order of this machine's scheduling noise, and its per-task
            // figure is absolute, not a ratio: four times the usual samples, as scenario a takes.
            List<Samples> samples = Repetitions.interleaved(options.warmup(), 4 * options.reps(), List.of(
                    () -> LaneFlows.rerun(flow, db, tasks),
                    () -> roundTrips(plain, tasks)));
            double perTask = samples.get(0).medianMillis() / tasks;
            double roundTrip = samples.get(1).medianMillis() / tasks;
            System.out.printf("  c: rerun of %d cache-valid tasks: %s%n  c: %d x SELECT 1: %s%n", tasks,
                    samples.get(0).describe(), tasks, samples.get(1).describe());
            report.add(ReportRow.atMost(String.format("c. cache-valid rerun, %d tasks (%d stages x %d), per task", tasks,
                            options.stages(), options.lanes()), db.label(),
                    String.format("%.2f ms/task (%s)", perTask, Millis.format(samples.get(0).medianMillis())),
                    String.format("%.3f ms (1 round trip)", roundTrip),
                    String.format("%.0f round trips/task", perTask / roundTrip), perTask, 0.3, "<= 0.3 ms/task"));
        }
        StatementBreakdown.print("c", () -> LaneFlows.rerun(flow, db, tasks));
        report.note(String.format("c/%s: first build of the %d tasks: %s", db.label(), tasks, Millis.format(build / 1e6)));
    }

    private static long roundTrips(Connection plain, int count) throws Exception {
        try (Statement statement = plain.createStatement()) {
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                try (ResultSet rows = statement.executeQuery("SELECT 1")) {
                    rows.next();
                }
            }
            return System.nanoTime() - start;
        }
    }
}
