package dev.dag.bench.macro;

import dev.dag.it.support.CountingDriver;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * With {@code --statements}: more runs of a scenario after its figures, with every JDBC statement dag executes
 * timed, summed per statement text, with the time left outside JDBC (dag's Java). It shows where a run's time goes without a
 * profiler; the figures of the report are measured without it.
 */
public final class StatementBreakdown implements AutoCloseable {
    private static final int RUNS = 10;
    private static final long TIMELINE_GAP_NANOS = 200_000;
    private static volatile StatementBreakdown current;
    private final CountingDriver driver;

    private StatementBreakdown(CountingDriver driver) {
        this.driver = driver;
    }

    /** Times the statements of the connections dag opens to {@code database} from now on, until closed. */
    public static StatementBreakdown install(BenchDatabase database) throws SQLException {
        StatementBreakdown breakdown = new StatementBreakdown(CountingDriver.install(database.config().url()));
        current = breakdown;
        return breakdown;
    }

    /**
     * Runs {@code run} {@value #RUNS} times more and prints, per statement text, how often a run executes it and the
     * time it takes per run on average, then the last run's timeline, if {@code --statements} installed a breakdown.
     */
    static void print(String label, Repetitions.Timed run) throws Exception {
        StatementBreakdown breakdown = current;
        if (breakdown == null) {
            return;
        }
        Map<String, long[]> byText = new LinkedHashMap<>(); // text -> {executions, nanos}
        long wall = 0;
        long lastStart = 0;
        long lastEnd = 0;
        for (int i = 0; i < RUNS; i++) {
            breakdown.driver.reset();
            lastStart = System.nanoTime();
            wall += run.run();
            lastEnd = System.nanoTime();
            for (CountingDriver.Timed statement : breakdown.driver.timed()) {
                long[] sum = byText.computeIfAbsent(shortened(statement.sql()), text -> new long[2]);
                sum[0]++;
                sum[1] += statement.nanos();
            }
        }
        long inJdbc = byText.values().stream().mapToLong(sum -> sum[1]).sum();
        long executions = byText.values().stream().mapToLong(sum -> sum[0]).sum();
        System.out.printf("  %s, per run (mean of %d): %.1f statements, %s in JDBC, %s outside it, run %s%n", label, RUNS,
                executions / (double) RUNS, Millis.format(inJdbc / 1e6 / RUNS), Millis.format((wall - inJdbc) / 1e6 / RUNS),
                Millis.format(wall / 1e6 / RUNS));
        byText.forEach((text, sum) -> System.out.printf("    %5.1f x %8.2f ms  %s%n", sum[0] / (double) RUNS,
                sum[1] / 1e6 / RUNS, text));
        printTimeline(label, lastStart, lastEnd, breakdown.driver.timed());
    }

    /**
     * The last run's calls in order, each with the time outside JDBC since the call before it, then the time after
     * the last one: a gap is dag's own Java (the first also holds the scenario building its flow, the last its checks
     * of the result, both outside its clock). Quick calls on a connection are left out unless a gap comes before them
     * (a connection's return to the pool shows as {@code [clearWarnings]}).
     */
    private static void printTimeline(String label, long start, long end, List<CountingDriver.Timed> calls) {
        System.out.printf("  %s, the last run in order (ms outside JDBC before, ms in it):%n", label);
        long previousEnd = start;
        for (CountingDriver.Timed call : calls) {
            long gap = call.startedAt() - previousEnd;
            if (!call.sql().startsWith("[") || gap >= TIMELINE_GAP_NANOS || call.nanos() >= TIMELINE_GAP_NANOS) {
                System.out.printf("    %+7.2f %7.2f  %s%n", gap / 1e6, call.nanos() / 1e6, shortened(call.sql()));
            }
            previousEnd = call.startedAt() + call.nanos();
        }
        System.out.printf("    %+7.2f          (the run's return and the scenario's checks)%n", (end - previousEnd) / 1e6);
    }

    private static String shortened(String sql) {
        // one line per statement whatever its names and numbers (a physical name's hash, b's changed constant)
        String text = sql.replaceAll("\\s+", " ").replaceAll("__[0-9a-f]{10}", "__#").replaceAll("\\d+", "#");
        return text.length() > 110 ? text.substring(0, 110) + "…" : text;
    }

    @Override
    public void close() throws SQLException {
        current = null;
        driver.close();
    }
}
