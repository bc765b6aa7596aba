package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Scenario e: eight independent tasks, each a {@code CREATE TABLE ... AS} over a few million generated rows, run
 * with {@code parallelism = 2} against the same flow run with {@code parallelism = 1}, in the same JVM, beside the
 * same eight statements with plain JDBC on one connection and on two at once (what the machine allows). On
 * PostgreSQL each task's statement runs in a server process of its own, so two at once use two cores; embedded
 * DuckDB already spreads one statement over every core, so two at once can only be as fast.
 */
public final class ParallelTasks implements Scenario {
    private static final int TASKS = 8;
    private static volatile BenchDatabase database;

    /** No version: every run builds all eight tables. */
    @Materialize
    static Table part(int index, long rows) {
        return Table.of(query(database, index, rows)).name("p" + index);
    }

    private static String query(BenchDatabase db, int index, long rows) {
        return "SELECT i AS id, (i * " + (index + 3) + ") % 1000003 AS v, i % 100 AS k FROM " + db.series(rows);
    }

    @Override
    public String id() {
        return "e";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        database = db;
        Flow flow = flow(options.parallelRows());
        List<Samples> samples;
        try (PlainCtas plain = new PlainCtas(db, options.parallelRows())) {
            samples = Repetitions.interleaved(options.warmup(), options.reps(), List.of(
                    () -> timedRun(flow, db, 1),
                    () -> timedRun(flow, db, 2),
                    () -> plain.time(1),
                    () -> plain.time(2)));
        }
        double plainRatio = samples.get(3).medianMillis() / samples.get(2).medianMillis();
        double ratio = samples.get(1).medianMillis() / samples.get(0).medianMillis();
        System.out.printf("  e: %d tasks, parallelism 1: %s%n  e: %d tasks, parallelism 2: %s%n", TASKS,
                samples.get(0).describe(), TASKS, samples.get(1).describe());
        System.out.printf("  e: the same %d CTAS with plain JDBC, 1 connection: %s%n  e: 2 connections at once: %s%n",
                TASKS, samples.get(2).describe(), samples.get(3).describe());
        boolean server = db.kind() == BenchDatabase.Kind.POSTGRES;
        double bound = server ? 0.65 : 1.05;
        report.add(ReportRow.atMost(String.format("e. %d independent tasks (CTAS of %,d rows each), parallelism 2 "
                        + "vs 1", TASKS, options.parallelRows()), db.label(),
                Millis.format(samples.get(1).medianMillis()) + " (parallelism 2)",
                Millis.format(samples.get(0).medianMillis()) + " (parallelism 1)",
                String.format("%.2f (2/1)", ratio), ratio, bound, String.format("<= %.2f", bound)));
        report.add(new ReportRow(String.format("e'. the same %d CTAS with plain JDBC, 2 connections vs 1 (what "
                        + "this machine allows)", TASKS), db.label(),
                Millis.format(samples.get(3).medianMillis()) + " (2 connections)",
                Millis.format(samples.get(2).medianMillis()) + " (1 connection)",
                String.format("%.2f (2/1)", plainRatio), "-", null));
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

    /**
     * The baseline of what the machine allows: the eight statements of the flow's tasks with plain JDBC, on one
     * connection or two at once (each its own table, dropped untimed before each round).
     */
    private static final class PlainCtas implements AutoCloseable {
        private final BenchDatabase db;
        private final long rows;
        private final List<Connection> connections = new ArrayList<>();
        private final ExecutorService threads = Executors.newFixedThreadPool(2);

        PlainCtas(BenchDatabase db, long rows) throws SQLException {
            this.db = db;
            this.rows = rows;
            for (int i = 0; i < 2; i++) {
                connections.add(db.plainConnection(""));
            }
            db.createScratchSchema(connections.get(0));
        }

        long time(int parallel) throws Exception {
            for (int index = 0; index < TASKS; index++) {
                BenchDatabase.execute(connections.get(0), "DROP TABLE IF EXISTS " + db.scratchTable("p" + index));
            }
            AtomicInteger next = new AtomicInteger();
            List<Callable<Void>> workers = new ArrayList<>();
            for (int worker = 0; worker < parallel; worker++) {
                Connection connection = connections.get(worker);
                workers.add(() -> {
                    for (int index = next.getAndIncrement(); index < TASKS; index = next.getAndIncrement()) {
                        BenchDatabase.execute(connection, "CREATE TABLE " + db.scratchTable("p" + index) + " AS "
                                + query(db, index, rows));
                    }
                    return null;
                });
            }
            long start = System.nanoTime();
            for (Future<Void> done : threads.invokeAll(workers)) {
                done.get();
            }
            return System.nanoTime() - start;
        }

        @Override
        public void close() throws SQLException {
            threads.shutdownNow();
            for (Connection connection : connections) {
                connection.close();
            }
        }
    }

    private static long timedRun(Flow flow, BenchDatabase db, int parallelism) {
        long start = System.nanoTime();
        var result = flow.run(FlowRuns.options(db).withParallelism(parallelism));
        long elapsed = System.nanoTime() - start;
        FlowRuns.expect(result, TaskOutcome.RAN, TASKS);
        return elapsed;
    }
}
