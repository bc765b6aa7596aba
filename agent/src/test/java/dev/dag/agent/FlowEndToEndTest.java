package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import example.tasks.Orders;
import example.tasks.Pricing;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A small flow defined and run in-process, on a DuckDB file of its own. */
class FlowEndToEndTest {
    record Priced(int id, long amount) {
    }

    record Doubled(long doubled) {
    }

    @TempDir
    Path dir;

    @BeforeAll
    static void attachAgent() {
        DagAgent.install();
    }

    @Test
    void flowRunsEveryTaskOnceInOrderAndPublishesTheirTables() {
        Pricing pricing = new Pricing(10);
        int loadsBefore = Orders.LOAD_RUNS.get();
        int bigBefore = Orders.BIG_RUNS.get();

        Flow flow = new Flow("orders");
        Table priced;
        Table big;
        Table totals;
        try (flow) {
            Table orders;
            try (Stage stage = new Stage("raw")) {
                orders = Orders.load();
            }
            try (Stage stage = new Stage("marts")) {
                priced = pricing.priced(orders);
                big = Orders.bigOrders(orders, 3);
                totals = Orders.totals(priced);
            }
        }
        assertEquals(loadsBefore, Orders.LOAD_RUNS.get(), "defining runs nothing");

        try (ConfigContext config = ConfigContext.duckdb(dir.resolve("e2e.duckdb"))) {
            Result result = flow.run(RunOptions.of(config));

            assertTrue(result.successful(), result.summary());
            assertEquals(List.of("load", "priced", "bigOrders", "totals"),
                    result.tasks().stream().map(TaskResult::task).toList());
            assertTrue(result.tasks().stream().allMatch(task -> task.outcome() == TaskOutcome.RAN), result.summary());
            assertEquals(loadsBefore + 1, Orders.LOAD_RUNS.get());
            assertEquals(bigBefore + 1, Orders.BIG_RUNS.get());
            assertEquals(1, pricing.runs.get());

            assertEquals(List.of(new Priced(1, 30), new Priced(3, 50)), result.rows(priced, Priced.class));
            assertEquals(List.of(new Orders.Order(1, "ada", 3), new Orders.Order(3, "cy", 5)),
                    result.rows(big, Orders.Order.class));
            assertEquals(List.of(new Doubled(160)), result.rows(totals, Doubled.class));
            assertEquals(TableRef.of("marts", "priced"), result.get(priced, TableRef.class));
            assertEquals(3, result.task("load").orElseThrow().rowsWritten());
        }
    }
}
