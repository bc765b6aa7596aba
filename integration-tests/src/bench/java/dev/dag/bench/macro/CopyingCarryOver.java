package dev.dag.bench.macro;

import java.sql.Connection;
import java.util.List;

/**
 * Scenario f: the rerun of scenario b (a stage of ten large tables, one changed) against the way
 * pydiverse.pipedag carries a partly changed stage over: the new stage schema gets a copy of every cache-valid
 * table ({@code CREATE TABLE ... AS SELECT *}), then the changed one is built. dag carries the nine over without
 * copying a row; this line shows how much that is worth next to the copying technique, side by side.
 */
public final class CopyingCarryOver implements Scenario {
    private static final int TABLES = 10;

    @Override
    public String id() {
        return "f";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        long rows = options.tenRows();
        // salts of their own: b, run before in the same instance, used the small ones
        int[] salt = {1000};
        OneOfTenChanged.prepare(db, rows, salt[0]);
        try (Connection plain = db.plainConnection("")) {
            String previous = db.scratchSchema() + "_prev";
            String next = db.scratchSchema() + "_next";
            BenchDatabase.execute(plain, "CREATE SCHEMA IF NOT EXISTS \"" + previous + "\"");
            for (int index = 0; index < TABLES; index++) {
                BenchDatabase.execute(plain, "CREATE TABLE \"" + previous + "\".t" + index + " AS "
                        + OneOfTenChanged.query(db, rows, 1));
            }
            List<Samples> samples = Repetitions.interleaved(options.warmup(), options.reps(), List.of(
                    () -> OneOfTenChanged.dagRerun(db, rows, ++salt[0]),
                    () -> copyingRerun(db, plain, previous, next, rows, ++salt[0])));
            double ratio = samples.get(0).medianMillis() / samples.get(1).medianMillis();
            System.out.printf("  f: dag rerun, 1 of %d changed: %s%n  f: copy 9, build 1: %s%n", TABLES,
                    samples.get(0).describe(), samples.get(1).describe());
            report.add(new ReportRow(String.format("f. rerun, 1 of 10 (%,d rows each) changed vs copying the 9 "
                    + "cache-valid tables (pipedag's technique)", rows), db.label(),
                    Millis.format(samples.get(0).medianMillis()),
                    Millis.format(samples.get(1).medianMillis()) + " (copy 9 + CTAS 1)",
                    String.format("%.2f (dag/copying)", ratio), "shown side by side", null));
        }
    }

    /** A new schema holding copies of the nine unchanged tables and the changed one built anew. */
    private static long copyingRerun(BenchDatabase db, Connection plain, String previous, String next, long rows,
                                     int newSalt) throws Exception {
        BenchDatabase.execute(plain, "DROP SCHEMA IF EXISTS \"" + next + "\" CASCADE");
        return Repetitions.time(() -> {
            BenchDatabase.execute(plain, "CREATE SCHEMA \"" + next + "\"");
            for (int index = 1; index < TABLES; index++) {
                BenchDatabase.execute(plain, "CREATE TABLE \"" + next + "\".t" + index + " AS SELECT * FROM \""
                        + previous + "\".t" + index);
            }
            BenchDatabase.execute(plain, "CREATE TABLE \"" + next + "\".t0 AS "
                    + OneOfTenChanged.query(db, rows, newSalt));
        });
    }
}
