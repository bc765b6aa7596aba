package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.StoredOutputs;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The examples of docs/outputs.md, run by OutputsDocExamplesIT. */
public final class OutputsExamples {
    private OutputsExamples() {
    }

    /** A row of the orders the examples read. */
    public record Order(int id, int qty) {
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of(List.of(new Order(1, 2), new Order(2, 7), new Order(3, 9))).name("orders");
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders, int minQty) {
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + minQty).name("big_orders");
    }

    // docs:define
    /** The flow, defined where a main, a test or the CLI ({@code --flow ...OutputsExamples#define}) can reach it. */
    public static Flow define() {
        Flow flow = new Flow("shop");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            try (Stage clean = new Stage("clean")) {
                bigOrders(orders, 5);
            }
        }
        return flow;
    }
    // end:define

    /** Runs the flow, then lists its tasks and reads the big orders through the task found by name. */
    public static List<String> lookup(ConfigContext config) {
        List<String> lines = new ArrayList<>();
        // docs:lookup
        Flow flow = define();
        Result result = flow.run(RunOptions.of(config));

        Task bigOrders = flow.stage("clean").task("bigOrders");       // pipedag: flow.get_stage(..).get_task(..)
        List<Map> rows = result.rows(bigOrders.output(), Map.class);
        for (Task task : flow.tasks()) {
            lines.add(task.stage() + "." + task.name() + " reads " + task.calls().get(0).inputs());
        }
        // end:lookup
        lines.add(rows.size() + " big orders");
        return lines;
    }

    /** Reads the committed big orders of the flow as defined now, running nothing. */
    public static List<Order> fromStore(ConfigContext config) {
        // docs:from-store
        Flow flow = define();
        StoredOutputs stored = flow.outputsFromStore(RunOptions.of(config));   // plans; runs and writes nothing

        List<Order> big = stored.rows(flow.task("bigOrders"), Order.class);     // its rows
        TableRef table = stored.get(flow.task("bigOrders"), TableRef.class);    // or its committed physical table
        // end:from-store
        System.out.println(table);
        return big;
    }
}
