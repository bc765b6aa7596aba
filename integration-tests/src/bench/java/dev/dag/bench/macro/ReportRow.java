package dev.dag.bench.macro;

/**
 * One line of the final table.
 *
 * @param scenario what was measured
 * @param database duckdb or postgres
 * @param dag      dag's figure (median)
 * @param baseline the baseline's figure (median), measured in the same run
 * @param ratio    the ratio the goal is about, with how it is computed
 * @param goal     the goal
 * @param met      whether the goal is met, or null when the line has no goal
 */
public record ReportRow(String scenario, String database, String dag, String baseline, String ratio, String goal,
                        Boolean met) {

    /** A line whose goal is an upper bound on {@code value}. */
    static ReportRow atMost(String scenario, String database, String dag, String baseline, String ratioText,
                            double value, double bound, String goalText) {
        return new ReportRow(scenario, database, dag, baseline, ratioText, goalText, value <= bound);
    }

    /** A line whose goal is a lower bound on {@code value}. */
    static ReportRow atLeast(String scenario, String database, String dag, String baseline, String ratioText,
                             double value, double bound, String goalText) {
        return new ReportRow(scenario, database, dag, baseline, ratioText, goalText, value >= bound);
    }

    /** The verdict column. */
    String verdict() {
        return met == null ? "-" : met ? "met" : "NOT MET";
    }
}
