package dev.dag.examples;

import dev.dag.ConfigContext;
import dev.dag.Result;
import dev.dag.RunOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Runs the orders pipeline and prints what happened. Start it with the agent, from the repository root:
 *
 * <pre>
 * java -javaagent:agent/target/dag-agent.jar -cp "examples/target/classes:examples/target/lib/*" \
 *      dev.dag.examples.OrdersDemo [--plan] [file.duckdb | dag.yaml [instance]]
 * </pre>
 *
 * Without arguments the tables go to {@code dag.duckdb} in the working folder; with a {@code .duckdb}
 * file, to that file; with a {@code .yaml}/{@code .yml} file, to its instance {@code default} or the
 * one named by the second argument. With {@code --plan} it prints what a run would do and writes nothing.
 * After a run it writes the run's HTML report to {@code dag-report.html}.
 */
public final class OrdersDemo {
    /** The HTML report of the run, written to the working folder. */
    static final String REPORT = "dag-report.html";

    private OrdersDemo() {
    }

    /** Defines and runs the flow, then prints the summary, the quality report and the top regions. */
    public static void main(String[] args) {
        OrdersFlow orders = OrdersFlow.define();
        boolean plan = args.length > 0 && args[0].equals("--plan");
        String[] where = plan ? Arrays.copyOfRange(args, 1, args.length) : args;
        if (where.length == 0) {
            run(orders, RunOptions.defaults(), plan);
            return;
        }
        try (ConfigContext config = config(where)) {
            run(orders, RunOptions.of(config), plan);
        }
    }

    private static void run(OrdersFlow orders, RunOptions options, boolean plan) {
        if (plan) {
            System.out.println(orders.flow().plan(options).summary());
        } else {
            report(orders, orders.flow().run(options));
        }
    }

    private static ConfigContext config(String[] args) {
        String file = args[0];
        if (file.endsWith(".yaml") || file.endsWith(".yml")) {
            return ConfigContext.load(file, args.length > 1 ? args[1] : "default");
        }
        return ConfigContext.duckdb(Path.of(file));
    }

    private static void report(OrdersFlow orders, Result result) {
        System.out.println(result.summary());
        result.writeReport(Path.of(REPORT));
        System.out.println("report: " + REPORT + " (open it in a browser)");
        QualityReport quality = result.get(orders.quality(), QualityReport.class);
        System.out.printf("quality: %,d raw order rows, %,d clean, rejected: %s%n", quality.rawRows(),
                quality.cleanRows(), quality.rejected().stream()
                        .map(check -> check.outcome() + " " + String.format("%,d", check.orders())).toList());
        List<RegionRevenue> regions = result.rows(orders.regionRevenue(), RegionRevenue.class);
        for (RegionRevenue region : regions.subList(0, Math.min(2, regions.size()))) {
            System.out.printf("region %-8s %,6d customers %,9d orders  revenue %,15.2f  (%.1f %%)%n",
                    region.region(), region.customers(), region.orders(), region.revenue(), region.share());
        }
    }
}
