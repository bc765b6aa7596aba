package dev.dag.it.docs.examples;

import dev.dag.Blob;
import dev.dag.CacheValidationMode;
import dev.dag.ConfigContext;
import dev.dag.FileFreshness;
import dev.dag.Flow;
import dev.dag.Freshness;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;

/** The examples of docs/caching.md and docs/types.md, run by DocExamplesIT. */
public final class CachingExamples {
    private CachingExamples() {
    }

    /** A row of the orders the examples read. */
    public record Order(int id, int qty, java.math.BigDecimal amount) {
    }

    @Materialize(version = Materialize.AUTO)
    public static Table orders() {
        return Table.of(List.of(new Order(1, 2, new java.math.BigDecimal("10.50")),
                new Order(2, 7, new java.math.BigDecimal("99.00")))).name("orders");
    }

    // docs:big-orders
    @Materialize(version = Materialize.AUTO)
    static Table bigOrders(Table orders, int minQty) {          // reruns when its code, orders or minQty change
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + minQty).name("big_orders");
    }
    // end:big-orders

    // docs:repeated-calls
    @Materialize(version = "1")
    static Table region(String name) {                    // gives its table no name
        return Table.of("SELECT '" + name + "' AS region");
    }

    public static Flow regions() {
        Flow flow = new Flow("regions");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                Table north = region("north");
                Table same = region("north");            // the same call: north's table, not run again
                Table south = region("south");           // another call: a table of its own
            }
        }
        return flow;
    }
    // end:repeated-calls

    /** Orders with a declared decimal column (docs/types.md). */
    @Materialize(version = Materialize.AUTO)
    public static Table declaredOrders() {
        List<Order> orders = List.of(new Order(1, 2, new java.math.BigDecimal("10.5")));
        // docs:decimal
        return Table.of(orders).name("orders").decimal("amount", 12, 2);
        // end:decimal
    }

    /** A customer; only the email may be missing. */
    public record Customer(Integer id, String name, String email) {
    }

    // docs:non-nullable
    @Materialize(version = "1")
    static Table customers(List<Customer> rows) {
        return Table.of(rows).name("customers").nullable("email");          // id and name become NOT NULL
    }

    @Materialize(lazy = true)
    static Table mailable(Table customers) {
        return Table.of("SELECT id, email FROM " + customers.ref() + " WHERE email IS NOT NULL")
                .name("mailable").nonNullable("email");                     // email becomes NOT NULL
    }
    // end:non-nullable

    /** The customers task of docs/types.md, for a flow's definition. */
    public static Table customersOf(List<Customer> rows) {
        return customers(rows);
    }

    /** The mailable task of docs/types.md, for a flow's definition. */
    public static Table mailableOf(Table customers) {
        return mailable(customers);
    }

    // docs:blob-limits
    record Limits(String name, Set<BigDecimal> values, long count) {}

    @Materialize(version = "1")
    static Blob limits() {
        return Blob.of(new Limits("qty", Set.of(new BigDecimal("1.50")), 10_000_000_000L)).name("limits");
    }
    // end:blob-limits

    /** The blob of docs/types.md and the value it was made of. */
    public static Blob limitsBlob() {
        return limits();
    }

    /** What {@link #limitsBlob()} returns, to compare with what a run reads back. */
    public static Object expectedLimits() {
        return new Limits("qty", Set.of(new BigDecimal("1.50")), 10_000_000_000L);
    }

    public static Table bigOrdersOf(Table orders, int minQty) {
        return bigOrders(orders, minQty);
    }

    // docs:today
    /** What current_date depends on: the task reruns when the day changes, and is cache-valid until then. */
    public static final class Today implements Freshness {
        @Override
        public Object fingerprint(Object... args) {
            return LocalDate.now();
        }
    }

    @Materialize(lazy = true, freshness = Today.class)
    static Table ordersAsOfToday(Table orders) {
        return Table.of("SELECT *, current_date AS as_of FROM " + orders.ref()).name("orders_today");
    }
    // end:today

    /** The task of the example above, called from a flow of DocExamplesIT. */
    public static Table ordersAsOfTodayOf(Table orders) {
        return ordersAsOfToday(orders);
    }

    // docs:csv
    @Materialize(version = "1", freshness = FileFreshness.class)   // reruns when the file's size or time changes
    static Table ordersFromCsv(Path csv) throws IOException {
        List<Order> orders = Files.readAllLines(csv).stream().skip(1).map(line -> line.split(","))
                .map(f -> new Order(Integer.parseInt(f[0]), Integer.parseInt(f[1]), new BigDecimal(f[2]))).toList();
        return Table.of(orders).name("orders_csv");
    }
    // end:csv

    /** The task of the example above, called from a flow of DocExamplesIT. */
    public static Table ordersFromCsvOf(Path csv) throws IOException {
        return ordersFromCsv(csv);
    }

    /** The validation modes and subsets of docs/caching.md, each run once. */
    public static List<Result> modesAndSubsets(Flow flow, ConfigContext config) {
        // docs:modes
        flow.run(RunOptions.of(config).withCacheValidation(CacheValidationMode.FORCE_CACHE_INVALID));
        flow.run(RunOptions.of(config).withStages("clean"));       // only clean runs (and commits); others read from the cache
        flow.run(RunOptions.of(config).withTasks("bigOrders"));    // forced, inputs from the cache, nothing committed
        // end:modes
        return List.of(flow.run(RunOptions.of(config)));
    }
}
