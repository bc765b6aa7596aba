package dev.dag.it.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.bench.MacroBenchmark;
import dev.dag.bench.macro.BenchOptions;
import dev.dag.bench.macro.Report;
import dev.dag.bench.macro.ReportRow;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The benchmark harness's quick check ({@code MacroBenchmark --small}, docs/benchmarks.md) on DuckDB, one
 * repetition of each figure: every scenario runs through and does what it measures (each checks its tasks'
 * outcomes and throws when they differ), so the harness cannot rot between benchmark runs. Its timings are not
 * asserted: they are read by a person from a full run on a quiet machine.
 */
class MacroBenchmarkSmallIT {
    @Test
    void everyScenarioRunsThroughOnDuckDb() throws Exception {
        Report report = MacroBenchmark.run(BenchOptions.parse(new String[] {"--small", "--db=duckdb", "--reps=1",
                "--warmup=0"}));

        TreeSet<String> scenarios = new TreeSet<>();
        for (ReportRow row : report.rows()) {
            scenarios.add(row.scenario().substring(0, 1));
            assertEquals("duckdb", row.database(), row.toString());
        }
        assertEquals(new TreeSet<>(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i")), scenarios,
                "a row of each scenario: " + report.rows());
    }
}
