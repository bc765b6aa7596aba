package dev.dag.bench;

import dev.dag.bench.macro.AutoVersionsRerun;
import dev.dag.bench.macro.BenchDatabase;
import dev.dag.bench.macro.BenchOptions;
import dev.dag.bench.macro.BulkRows;
import dev.dag.bench.macro.CacheValidRerun;
import dev.dag.bench.macro.CopyingCarryOver;
import dev.dag.bench.macro.ManyTasksAtScale;
import dev.dag.bench.macro.ManyTasksRerun;
import dev.dag.bench.macro.OneOfTenChanged;
import dev.dag.bench.macro.ParallelTasks;
import dev.dag.bench.macro.Report;
import dev.dag.bench.macro.Scenario;
import dev.dag.bench.macro.StatementBreakdown;
import dev.dag.bench.macro.StoredRunsRerun;
import java.sql.SQLException;
import java.util.List;

/**
 * The macro benchmarks of docs/benchmarks.md: each scenario measures dag and its baseline in the same JVM,
 * interleaved (one warm-up round, then the median of several), and prints one table with figures, baselines,
 * ratios and goals. Needs {@code -javaagent:agent/target/dag-agent.jar}. Options: see {@link BenchOptions}.
 */
public final class MacroBenchmark {
    private static final List<Scenario> SCENARIOS = List.of(new CacheValidRerun(), new OneOfTenChanged(),
            new ManyTasksRerun(), new BulkRows(), new ParallelTasks(), new CopyingCarryOver(), new AutoVersionsRerun(),
            new ManyTasksAtScale(), new StoredRunsRerun());

    private MacroBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        // dag logs one INFO line per task; a benchmark measures the library, not the console.
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        if (System.getProperty("dev.dag.agent.installed") == null) {
            System.err.println("The dag agent is not attached: start java with -javaagent:agent/target/dag-agent.jar");
            System.exit(2);
        }
        run(options).print(System.out);
    }

    /**
     * Runs the scenarios {@code options} selects and returns their report; a scenario whose runs do not do what it
     * measures (e.g. a rerun that was not cache-valid) throws. The caller's JVM must run with the agent.
     */
    public static Report run(BenchOptions options) throws Exception {
        System.out.printf("dag macro benchmarks: Java %s, %d cores, max heap %,d MiB; %s%n",
                Runtime.version(), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, options);
        Report report = new Report();
        if (options.databases().contains("duckdb")) {
            runAll(BenchDatabase.duckdb(options.parallelism()), options, report);
        }
        if (options.databases().contains("postgres")) {
            BenchDatabase postgres = null;
            try {
                postgres = BenchDatabase.postgres(options.parallelism());
            } catch (SQLException e) {
                String skip = "PostgreSQL SKIPPED: no server answers (" + e.getMessage() + "); set "
                        + "DAG_BENCH_POSTGRES_URL / _USER / _PASSWORD";
                System.out.println(skip);
                report.note(skip);
            }
            if (postgres != null) {
                runAll(postgres, options, report);
            }
        }
        System.out.println();
        return report;
    }

    private static void runAll(BenchDatabase database, BenchOptions options, Report report) throws Exception {
        try (database; StatementBreakdown breakdown = options.statements() ? StatementBreakdown.install(database) : null) {
            for (Scenario scenario : SCENARIOS) {
                if (options.runs(scenario.id())) {
                    System.out.printf("== scenario %s on %s%n", scenario.id(), database.label());
                    scenario.run(database, options, report);
                }
            }
        }
    }
}
