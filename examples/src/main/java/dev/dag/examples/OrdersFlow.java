package dev.dag.examples;

import dev.dag.Blob;
import dev.dag.Flow;
import dev.dag.Stage;
import dev.dag.Table;

/**
 * The demo pipeline, raw → clean → marts, and the outputs the demo reads after running it.
 *
 * <p>Inside the {@code try (flow)} block the task calls do not run: the agent records each call and
 * returns a placeholder for its output, which later calls take as input. That is how the flow learns
 * which task depends on which.
 *
 * @param flow          the defined flow, ready to run
 * @param quality       the clean stage's data-quality report (a {@link QualityReport} blob)
 * @param regionRevenue the {@code region_revenue} mart (rows: {@link RegionRevenue})
 */
public record OrdersFlow(Flow flow, Blob quality, Table regionRevenue) {
    /** Orders generated in the raw stage. */
    public static final int ORDERS = 1_000_000;
    /** Customers generated in the raw stage. */
    public static final int CUSTOMERS = 20_000;
    /** Largest valid quantity of an order line; larger ones are rejected as data-entry errors. */
    public static final int MAX_QUANTITY = 100;

    /** Defines the flow. Needs the dag agent. */
    public static OrdersFlow define() {
        return define(ORDERS, CUSTOMERS);
    }

    /** Defines the flow over {@code orderCount} generated orders of {@code customerCount} customers (smaller for tests). */
    public static OrdersFlow define(int orderCount, int customerCount) {
        Flow flow = new Flow("orders");
        try (flow) {
            Table rawOrders;
            Table rawCustomers;
            Table products;
            try (Stage raw = new Stage("raw")) {
                rawOrders = RawTasks.orders(orderCount, customerCount);
                rawCustomers = RawTasks.customers(customerCount);
                products = RawTasks.products();
            }
            Table customers;
            CleanOrders clean;
            try (Stage stage = new Stage("clean")) {
                customers = CleanTasks.customers(rawCustomers);
                clean = CleanTasks.orders(rawOrders, customers, products, MAX_QUANTITY);
            }
            Table regionRevenue;
            try (Stage marts = new Stage("marts")) {
                MartTasks.dailyRevenue(clean.orders());
                MartTasks.categoryMonths(clean.orders(), products);
                Table customerValue = MartTasks.customerValue(clean.orders(), customers);
                regionRevenue = MartTasks.regionRevenue(customerValue);
            }
            return new OrdersFlow(flow, clean.quality(), regionRevenue);
        }
    }
}
