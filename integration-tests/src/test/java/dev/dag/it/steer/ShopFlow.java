package dev.dag.it.steer;

import dev.dag.Blob;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small shop pipeline shaped like the demo's: raw rows, a lazy cleaning task that materializes a table in its
 * body and reports its quality as a blob, and marts with versions. {@code maxQuantity} is the "constant" a user
 * changes.
 */
final class ShopFlow {
    record Order(int id, String customer, String product, int quantity) {
    }

    record Customer(String id, String region) {
    }

    private ShopFlow() {
    }

    @Materialize(version = Materialize.AUTO)
    static Table orders() {
        List<Order> orders = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            orders.add(new Order(i, "c" + (i % 4), i % 3 == 0 ? "tea" : "coffee", i % 7 == 0 ? 500 : i % 10 + 1));
        }
        return Table.of(orders).name("orders").primaryKey("id");
    }

    @Materialize(version = Materialize.AUTO)
    static Table customers() {
        return Table.of(List.of(new Customer("c0", "North"), new Customer("c1", "South"), new Customer("c2", "North"),
                new Customer("c3", "East"))).name("customers");
    }

    /** The clean orders, and a blob counting the rejected ones. */
    public record Clean(Table orders, Blob quality) {
    }

    @Materialize(lazy = true)
    static Clean cleanOrders(Table orders, Table customers, int maxQuantity) {
        Table valid = Table.of("SELECT o.* FROM " + orders.ref() + " o JOIN " + customers.ref()
                + " c ON c.id = o.customer WHERE o.quantity <= " + maxQuantity).name("valid_orders").materialize();
        Table clean = Table.of("SELECT * FROM " + valid.ref() + " ORDER BY id").name("clean_orders");
        return new Clean(clean, Blob.of(Map.of("maxQuantity", maxQuantity)).name("quality"));
    }

    @Materialize(version = Materialize.AUTO)
    static Table productRevenue(Table orders) {
        return Table.of("SELECT product, sum(quantity) AS quantity FROM " + orders.ref() + " GROUP BY product")
                .name("product_quantity");
    }

    @Materialize(version = Materialize.AUTO)
    static Table regionOrders(Table orders, Table customers) {
        return Table.of("SELECT c.region, count(*) AS orders FROM " + orders.ref() + " o JOIN " + customers.ref()
                + " c ON c.id = o.customer GROUP BY c.region").name("region_orders");
    }

    @Materialize(version = "1")
    static Table customerCount(Table customers) {
        return Table.of("SELECT count(*) AS n FROM " + customers.ref()).name("customer_count");
    }

    /** The flow with the maximum quantity 100, for {@code dag plan --flow dev.dag.it.steer.ShopFlow#shop}. */
    static Flow shop() {
        return define(100);
    }

    /** raw: orders, customers; clean: cleanOrders; marts: productRevenue, regionOrders, customerCount. */
    static Flow define(int maxQuantity) {
        Flow flow = new Flow("shop");
        try (flow) {
            Table orders;
            Table customers;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
                customers = customers();
            }
            Clean clean;
            try (Stage stage = new Stage("clean")) {
                clean = cleanOrders(orders, customers, maxQuantity);
            }
            try (Stage marts = new Stage("marts")) {
                productRevenue(clean.orders());
                regionOrders(clean.orders(), customers);
                customerCount(customers);
            }
        }
        return flow;
    }
}
