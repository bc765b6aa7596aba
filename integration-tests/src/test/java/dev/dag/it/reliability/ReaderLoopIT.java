package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Result;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;

/**
 * A reader polls the published stages while runs publish new versions of them, generation after generation:
 * every read succeeds and sees one whole version (all rows of one generation, as many as a run writes), and
 * the report it reads agrees with itself.
 */
@Tag("reliability")
class ReaderLoopIT {
    private static final int RUNS = 8;
    private static final int ROWS = 1_000;

    @OnEachDatabase
    void readersDuringPublishesAlwaysSeeWholeVersions(TestDatabase db) throws Exception {
        assertTrue(CrashPipeline.run(db.config(), Options.generation(1)).successful());
        AtomicBoolean publishing = new AtomicBoolean(true);
        CompletableFuture<Reads> reader = CompletableFuture.supplyAsync(() -> readWhile(db, publishing));
        try {
            for (int generation = 2; generation <= RUNS + 1; generation++) {
                Result result = CrashPipeline.run(db.config(), Options.generation(generation));
                assertTrue(result.successful(), result.summary());
            }
        } finally {
            publishing.set(false);
        }
        Reads reads = reader.get();

        assertEquals(List.of(), reads.errors(), "reads that failed");
        assertEquals(List.of(), reads.torn(), "reads that saw no whole version");
        assertTrue(reads.count() > RUNS, "the reader read during the publishes: " + reads.count() + " reads");
        System.out.println("ReaderLoopIT " + db.kind() + ": " + reads.count() + " reads, none failed or torn, over "
                + RUNS + " publishes");
        NothingLost.assertIntactAndClean(db);
    }

    /** What the reader saw. */
    record Reads(int count, List<String> errors, List<String> torn) {
    }

    private static Reads readWhile(TestDatabase db, AtomicBoolean publishing) {
        List<String> errors = new ArrayList<>();
        List<String> torn = new ArrayList<>();
        int count = 0;
        String orders = "SELECT count(*), min(generation), max(generation) FROM "
                + db.table(CrashPipeline.RAW, "orders");
        String totals = "SELECT customers, generation FROM " + db.table(CrashPipeline.REPORT, "totals");
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            while (publishing.get()) {
                try {
                    String seen = read(statement, orders);
                    String report = read(statement, totals);
                    count++;
                    String[] parts = seen.split(",");
                    if (!parts[0].equals(Integer.toString(ROWS)) || !parts[1].equals(parts[2])
                            || !report.startsWith("50,")) {
                        torn.add("orders " + seen + ", totals " + report);
                    }
                } catch (SQLException e) {
                    errors.add(e.getMessage());
                }
            }
        } catch (SQLException e) {
            errors.add("cannot connect: " + e.getMessage());
        }
        return new Reads(count, errors, torn);
    }

    /** The first row of {@code sql}, its values joined by commas. */
    private static String read(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            List<String> values = new ArrayList<>();
            for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
                values.add(rows.getString(i));
            }
            return String.join(",", values);
        }
    }
}
