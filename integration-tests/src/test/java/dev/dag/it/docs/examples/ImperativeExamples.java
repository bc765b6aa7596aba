package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.MaterializeOptions;
import dev.dag.Materialize;
import dev.dag.Table;
import java.util.List;

/** The examples of docs/imperative.md, run by DocExamplesIT. */
public final class ImperativeExamples {
    private ImperativeExamples() {
    }

    /** A row of the orders {@link #topCustomers} reads. */
    public record Sale(String customer, double amount) {
    }

    @Materialize(version = Materialize.AUTO)
    public static Table sales() {
        return Table.of(List.of(new Sale("ann", 10), new Sale("bob", 30), new Sale("ann", 25))).name("orders");
    }

    // docs:top-customers
    @Materialize(lazy = true)
    static Table topCustomers(Table orders) {
        Table totals = Table.of("SELECT customer, sum(amount) AS total FROM " + orders.ref() + " GROUP BY customer")
                .name("customer_totals").materialize();                 // written now (or reused if unchanged)
        return Table.of("SELECT * FROM " + totals.ref() + " ORDER BY total DESC LIMIT 10").name("top_customers");
    }
    // end:top-customers

    public static Table topCustomersOf(Table orders) {
        return topCustomers(orders);
    }

    /** Writes scratch.big_orders from the demo's clean.orders of the instance {@code default} of {@code file}. */
    public static Table interactive(String file) {
        Table written;
        // docs:interactive
        try (ConfigContext config = ConfigContext.load(file, "default")) {
            written = Table.of("SELECT * FROM clean.orders WHERE amount > 500").name("big_orders")
                    .materialize(MaterializeOptions.defaults().config(config).schema(config.schemaPrefix() + "scratch")
                            .dropIfExists());
        }
        // end:interactive
        return written;
    }
}
