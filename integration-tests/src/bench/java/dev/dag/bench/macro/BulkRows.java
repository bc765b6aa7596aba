package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Scenario d: a task returns a million in-memory records (int, text, double, date). Compared with a plain
 * JDBC batch insert (PostgreSQL with {@code reWriteBatchedInserts=true}; on DuckDB a smaller batch,
 * extrapolated linearly, because a full one takes minutes) and with the bare bulk API and no dag around it
 * (DuckDB's appender, PostgreSQL's {@code COPY ... FROM STDIN} in CSV). Every figure includes
 * {@code CREATE TABLE}; dropping the previous table is not timed for the baselines.
 */
public final class BulkRows implements Scenario {
    private static final int BATCH = 10_000;
    private static final String COLUMNS = "(id INTEGER, name VARCHAR, amount DOUBLE PRECISION, day DATE)";
    private static volatile List<Row> rows = List.of();

    /** One in-memory row. */
    public record Row(int id, String name, double amount, LocalDate day) {
    }

    @Materialize(version = "")
    static Table load() {
        return Table.of(rows).name("rows");
    }

    @Override
    public String id() {
        return "d";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        int count = options.bulkRows();
        rows = generate(count);
        int batchRows = db.kind() == BenchDatabase.Kind.DUCKDB ? Math.min(options.batchRows(), count) : count;
        Flow flow = flow();
        try (Connection plain = db.plainConnection(""); Connection batch = db.plainConnection("reWriteBatchedInserts=true")) {
            db.createScratchSchema(plain);
            List<Samples> samples = Repetitions.interleaved(options.warmup(), options.reps(), List.of(
                    () -> viaDag(flow, db, count),
                    () -> bare(db, plain),
                    () -> batchInsert(db, batch, batchRows)));
            double dag = samples.get(0).medianMillis();
            double bare = samples.get(1).medianMillis();
            double batchMillis = samples.get(2).medianMillis() * count / batchRows;
            String extrapolated = batchRows == count ? "" : String.format(", extrapolated from %,d rows", batchRows);
            System.out.printf("  d: dag: %s%n  d: bare bulk API: %s%n  d: JDBC batch of %,d rows: %s%n",
                    samples.get(0).describe(), samples.get(1).describe(), batchRows, samples.get(2).describe());
            String scenario = String.format("d. bulk, %,d records returned by a task", count);
            report.add(ReportRow.atLeast(scenario + " vs JDBC batch", db.label(), Millis.format(dag),
                    Millis.format(batchMillis) + " (batch" + extrapolated + ")",
                    String.format("%.1fx faster", batchMillis / dag), batchMillis / dag, 10, ">= 10x"));
            report.add(ReportRow.atLeast(scenario + " vs bare bulk API", db.label(), Millis.format(dag),
                    Millis.format(bare) + (db.kind() == BenchDatabase.Kind.DUCKDB ? " (appender)" : " (COPY csv)"),
                    String.format("%.2fx (bare/dag)", bare / dag), bare / dag, 0.8, ">= 0.8x"));
            report.note(String.format("d/%s: the bare bulk API alone is %.1fx faster than the batch insert: the "
                    + "ceiling of the first ratio for any loader built on it", db.label(), batchMillis / bare));
            if (batchRows != count) {
                report.note(String.format("d/%s: the JDBC batch insert ran on %,d rows; its figure is that time x %d "
                        + "(linear extrapolation)", db.label(), batchRows, count / batchRows));
            }
        } finally {
            rows = List.of();
        }
    }

    static List<Row> generate(int count) {
        List<Row> out = new ArrayList<>(count);
        LocalDate start = LocalDate.of(2020, 1, 1);
        for (int i = 0; i < count; i++) {
            out.add(new Row(i, "name-" + i, i * 0.25, start.plusDays(i % 3650)));
        }
        return out;
    }

    private static Flow flow() {
        Flow flow = new Flow("d_bulk");
        try (flow; Stage stage = new Stage("d_bulk")) {
            load();
        }
        return flow;
    }

    private static long viaDag(Flow flow, BenchDatabase db, int count) {
        long start = System.nanoTime();
        Result result = FlowRuns.run(flow, db);
        long elapsed = System.nanoTime() - start;
        FlowRuns.expect(result, TaskOutcome.RAN, 1);
        long written = result.tasks().get(0).rowsWritten();
        if (written != count) {
            throw new IllegalStateException("dag wrote " + written + " rows, expected " + count);
        }
        return elapsed;
    }

    private static long bare(BenchDatabase db, Connection plain) throws Exception {
        String table = db.scratchTable("bare");
        BenchDatabase.execute(plain, "DROP TABLE IF EXISTS " + table);
        return Repetitions.time(() -> {
            BenchDatabase.execute(plain, "CREATE TABLE " + table + " " + COLUMNS);
            if (db.kind() == BenchDatabase.Kind.DUCKDB) {
                append(plain.unwrap(DuckDBConnection.class), db.scratchSchema());
            } else {
                copy(plain.unwrap(PGConnection.class), table);
            }
        });
    }

    private static void append(DuckDBConnection connection, String schema) throws Exception {
        try (DuckDBAppender appender = connection.createAppender(schema, "bare")) {
            for (Row row : rows) {
                appender.beginRow();
                appender.append(row.id());
                appender.append(row.name());
                appender.append(row.amount());
                appender.append(row.day());
                appender.endRow();
            }
        }
    }

    private static void copy(PGConnection connection, String table) throws Exception {
        CopyIn copy = connection.getCopyAPI().copyIn("COPY " + table + " FROM STDIN (FORMAT csv)");
        StringBuilder csv = new StringBuilder(1 << 20);
        for (Row row : rows) {
            csv.append(row.id()).append(",\"").append(row.name().replace("\"", "\"\"")).append("\",")
                    .append(row.amount()).append(',').append(row.day()).append('\n');
            if (csv.length() > 1 << 20) {
                byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
                copy.writeToCopy(bytes, 0, bytes.length);
                csv.setLength(0);
            }
        }
        byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        copy.endCopy();
    }

    private static long batchInsert(BenchDatabase db, Connection connection, int count) throws Exception {
        String table = db.scratchTable("batch");
        BenchDatabase.execute(connection, "DROP TABLE IF EXISTS " + table);
        return Repetitions.time(() -> {
            BenchDatabase.execute(connection, "CREATE TABLE " + table + " " + COLUMNS);
            connection.setAutoCommit(false);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?, ?)")) {
                for (int i = 0; i < count; i++) {
                    Row row = rows.get(i);
                    insert.setInt(1, row.id());
                    insert.setString(2, row.name());
                    insert.setDouble(3, row.amount());
                    insert.setObject(4, row.day());
                    insert.addBatch();
                    if ((i + 1) % BATCH == 0) {
                        insert.executeBatch();
                    }
                }
                insert.executeBatch();
                connection.commit();
            } finally {
                connection.setAutoCommit(true);
            }
        });
    }
}
