package dev.dag.bench.macro;

/** One macro scenario: measures dag and its baseline on one database, in the same run, and reports both. */
public interface Scenario {
    /** The letter that selects it ({@code --scenarios=a,b}). */
    String id();

    /** Measures and adds its rows (and notes) to {@code report}; detail lines go to stdout. */
    void run(BenchDatabase database, BenchOptions options, Report report) throws Exception;
}
