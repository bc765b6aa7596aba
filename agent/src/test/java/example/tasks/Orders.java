package example.tasks;

import dev.dag.Materialize;
import dev.dag.Table;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Static tasks, written as a user would. Task classes live outside {@code dev.dag.agent}, which the agent
 * never instruments. The counters tell a test whether a body ran.
 */
public final class Orders {
    /** One row of the orders table. */
    public record Order(int id, String customer, int qty) {
    }

    public static final AtomicInteger LOAD_RUNS = new AtomicInteger();
    public static final AtomicInteger BIG_RUNS = new AtomicInteger();

    private Orders() {
    }

    @Materialize(version = "1")
    public static Table load() {
        LOAD_RUNS.incrementAndGet();
        return Table.of(List.of(new Order(1, "ada", 3), new Order(2, "bob", 0), new Order(3, "cy", 5))).name("orders");
    }

    /** Reads its input as records, so the run must hand it rows, not a reference. */
    @Materialize(version = "1", inputType = Order.class)
    @SuppressWarnings("unchecked")
    public static Table bigOrders(Table orders, int minQty) {
        BIG_RUNS.incrementAndGet();
        List<Order> rows = (List<Order>) orders.obj();
        return Table.of(rows.stream().filter(order -> order.qty() >= minQty).toList()).name("big_orders");
    }

    /** Materializes a table in the middle of its body and builds on it. */
    @Materialize(lazy = true)
    public static Table totals(Table priced) {
        Table total = Table.of("SELECT sum(amount) AS total FROM " + priced.ref()).name("total").materialize();
        return Table.of("SELECT total * 2 AS doubled FROM " + total.ref()).name("doubled_total");
    }
}
