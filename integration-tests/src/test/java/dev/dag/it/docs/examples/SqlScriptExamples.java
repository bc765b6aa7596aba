package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.RawSql;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.List;

/** The examples of docs/sql-scripts.md, run by SqlScriptDocExamplesIT. */
public final class SqlScriptExamples {
    private SqlScriptExamples() {
    }

    /** A row of the orders the examples read. */
    public record Order(int id, String region, int qty) {
    }

    /** A row of the report. */
    public record RegionTotal(String region, long qty) {
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of(List.of(new Order(1, "North", 2), new Order(2, "South", 7), new Order(3, "North", 9)));
    }

    // docs:script
    @Materialize(version = "1")
    static RawSql legacyCleanup(Table orders) {
        return RawSql.of("""
                CREATE TABLE valid_orders AS
                    SELECT * FROM %s WHERE qty > 0;
                CREATE TABLE region_totals AS
                    SELECT region, CAST(SUM(qty) AS BIGINT) AS qty FROM valid_orders GROUP BY region;
                CREATE TABLE big_orders AS
                    SELECT * FROM valid_orders WHERE qty >= 5;
                """.formatted(orders.ref()));
    }

    @Materialize(version = "1")
    static Table report(Table regionTotals) {
        return Table.of("SELECT region, qty FROM " + regionTotals.ref() + " ORDER BY region");
    }
    // end:script

    // docs:define
    /** The flow: the script's tables are outputs of the stage clean, one of them read by the report. */
    public static Flow define() {
        Flow flow = new Flow("legacy");
        try (flow) {
            Table orders;
            RawSql cleaned;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            try (Stage clean = new Stage("clean")) {
                cleaned = legacyCleanup(orders);
            }
            try (Stage marts = new Stage("marts")) {
                report(cleaned.table("region_totals"));
            }
        }
        return flow;
    }
    // end:define

    /** Runs the flow twice; returns the report's rows and the outcome of the script task in the second run. */
    public static List<Object> runTwice(ConfigContext config) {
        // docs:run
        Flow flow = define();
        Result first = flow.run(RunOptions.of(config));      // runs the script: clean gets three tables
        Result second = flow.run(RunOptions.of(config));     // legacyCleanup is CACHE_VALID: its tables carried over

        List<RegionTotal> totals = second.rows(flow.task("report").output(), RegionTotal.class);
        // end:run
        return List.of(first.task("legacyCleanup").orElseThrow().tables(), totals,
                second.task("legacyCleanup").orElseThrow().outcome());
    }
}
