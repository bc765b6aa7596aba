package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.List;

/** The examples of docs/testing.md, run by TestingDocExamplesIT. */
public final class TestingExamples {
    private TestingExamples() {
    }

    /** A row of the orders the examples read. */
    public record Order(int id, int qty) {
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of("SELECT * FROM read_orders_from_the_production_system()"); // never runs in the test below
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders, int minQty) {
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + minQty).name("big_orders");
    }

    /** The flow under test. */
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

    /** Runs the flow with given orders instead of the production ones; returns the big orders it computed. */
    public static List<Order> override(ConfigContext config) {
        // docs:override
        Flow flow = define();
        Result result = flow.run(RunOptions.of(config)
                .withOverride("orders", List.of(new Order(1, 2), new Order(2, 7), new Order(3, 9))));

        List<Order> big = result.rows(flow.task("bigOrders").output(), Order.class);   // orders 2 and 3
        // result.task("orders").outcome() is OVERRIDDEN: the task did not run; no stage was published
        // end:override
        return big;
    }
}
