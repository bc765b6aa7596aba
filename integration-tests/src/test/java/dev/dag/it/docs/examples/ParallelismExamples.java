package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.ArrayList;
import java.util.List;

/** The example of docs/parallelism.md, run by DocExamplesIT. */
public final class ParallelismExamples {
    private ParallelismExamples() {
    }

    // docs:tasks
    @Materialize(version = "1")
    static Table ordersOf(String region) {
        return Table.of("SELECT '" + region + "' AS region, i AS id FROM generate_series(1, 100000) AS t(i)")
                .name("orders_" + region);
    }

    @Materialize(version = "1")
    static Table totals(List<Table> regions) {
        List<String> counts = regions.stream()
                .map(region -> "SELECT region, count(*) AS orders FROM " + region.ref() + " GROUP BY region").toList();
        return Table.of(String.join(" UNION ALL ", counts)).name("totals");
    }
    // end:tasks

    /** Runs the flow of the page with four tasks at once on {@code config}; returns its result. */
    public static Result run(ConfigContext config) {
        // docs:run
        Flow flow = new Flow("regions");
        try (flow) {
            List<Table> regions = new ArrayList<>();
            try (Stage raw = new Stage("raw")) {
                for (String region : List.of("north", "south", "east", "west")) {
                    regions.add(ordersOf(region));           // four independent tasks: they run at once
                }
            }
            try (Stage report = new Stage("report")) {
                totals(regions);                              // starts when all four succeeded
            }
        }
        Result result = flow.run(RunOptions.of(config).withParallelism(4));
        System.out.println(result.summary());                 // in definition order, as with parallelism 1
        // end:run
        return result;
    }
}
