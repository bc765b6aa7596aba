package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.sql.Connection;
import java.util.List;

/**
 * Scenario b: a stage of ten large tables where one task's constant argument changed, against rebuilding
 * only that table with plain JDBC ({@code CREATE TABLE ... AS}, same query, on a connection of its own).
 * What dag adds on top is its bookkeeping and carrying the nine others over.
 */
public final class OneOfTenChanged implements Scenario {
    private static final int TABLES = 10;
    private static volatile BenchDatabase database;
    private int salt = 1;

    @Materialize(version = "1")
    static Table part(int index, long rows, int salt) {
        return Table.of(query(database, rows, salt)).name("t" + index);
    }

    static String query(BenchDatabase db, long rows, int salt) {
        return "SELECT i AS id, (i * " + salt + ") % 1000003 AS v, i % 100 AS k FROM " + db.series(rows);
    }

    @Override
    public String id() {
        return "b";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        database = db;
        long rows = options.tenRows();
        long build = buildOnce(db, rows, salt);
        try (Connection plain = db.plainConnection(""); Connection byHand = db.plainConnection("")) {
            db.createScratchSchema(plain);
            try (SafePublishByHand safe = new SafePublishByHand(db, byHand, query(db, rows, salt))) {
                List<Samples> samples = Repetitions.interleaved(options.warmup(), options.reps(), List.of(
                        () -> dagRerun(db, rows, ++salt),
                        () -> plainRebuild(db, plain, rows, ++salt),
                        () -> safe.replace(query(db, rows, ++salt), rows)));
                report(db, rows, samples, report);
            }
            StatementBreakdown.print("b", () -> dagRerun(db, rows, ++salt));
        }
        report.note(String.format("b/%s: first build of the 10 tables: %s", db.label(), Millis.format(build / 1e6)));
    }

    private static void report(BenchDatabase db, long rows, List<Samples> samples, Report report) {
        double dag = samples.get(0).medianMillis();
        double plain = samples.get(1).medianMillis();
        double safe = samples.get(2).medianMillis();
        System.out.printf("  b: dag rerun, 1 of %d changed: %s%n  b: plain CTAS of that table: %s%n"
                + "  b: that table replaced by hand with dag's promises: %s%n", TABLES, samples.get(0).describe(),
                samples.get(1).describe(), samples.get(2).describe());
        String scenario = String.format("b. rerun, 1 of 10 tables (%,d rows each) changed", rows);
        report.add(ReportRow.atMost(scenario, db.label(), Millis.format(dag), Millis.format(plain) + " (plain CTAS)",
                String.format("%.2f (dag/plain)", dag / plain), dag / plain, goal(db), "<= " + goal(db)));
        report.add(new ReportRow("b'. the same table replaced by hand with dag's promises (no goal)", db.label(),
                Millis.format(dag), Millis.format(safe) + " (by hand; plain CTAS " + Millis.format(plain) + ")",
                String.format("%.2f (by hand/plain), %.2f (dag/by hand)", safe / plain, dag / safe), "-", null));
    }

    /**
     * dag's own cost on top of the CTAS: on PostgreSQL its bookkeeping is a few round trips; on DuckDB each of its
     * statements costs about a millisecond, against a CTAS of tens.
     */
    private static double goal(BenchDatabase db) {
        return db.kind() == BenchDatabase.Kind.POSTGRES ? 1.15 : 1.3;
    }

    /** The first run, which builds all ten tables; returns its time in nanoseconds. */
    static long buildOnce(BenchDatabase db, long rows, int salt) throws Exception {
        database = db;
        return Repetitions.time(() -> FlowRuns.expect(FlowRuns.run(flow(rows, salt), db), TaskOutcome.RAN, TABLES));
    }

    /**
     * Brings the ten tables up to date with {@code salt} for the first, whatever the instance held before (scenario
     * f runs after b in the same instance, which left b's tables there).
     */
    static void prepare(BenchDatabase db, long rows, int salt) {
        database = db;
        FlowRuns.expectUpToDate(FlowRuns.run(flow(rows, salt), db), TABLES);
    }

    private static Flow flow(long rows, int firstSalt) {
        Flow flow = new Flow("b_ten");
        try (flow; Stage stage = new Stage("b_ten")) {
            for (int index = 0; index < TABLES; index++) {
                part(index, rows, index == 0 ? firstSalt : 1);
            }
        }
        return flow;
    }

    static long dagRerun(BenchDatabase db, long rows, int newSalt) {
        Flow flow = flow(rows, newSalt);
        long start = System.nanoTime();
        var result = FlowRuns.run(flow, db);
        long elapsed = System.nanoTime() - start;
        FlowRuns.expect(result, TaskOutcome.RAN, 1);
        FlowRuns.expect(result, TaskOutcome.CACHE_VALID, TABLES - 1);
        return elapsed;
    }

    private static long plainRebuild(BenchDatabase db, Connection plain, long rows, int newSalt) throws Exception {
        BenchDatabase.execute(plain, "DROP TABLE IF EXISTS " + db.scratchTable("t0"));
        String ctas = "CREATE TABLE " + db.scratchTable("t0") + " AS " + query(db, rows, newSalt);
        return Repetitions.time(() -> BenchDatabase.execute(plain, ctas));
    }
}
