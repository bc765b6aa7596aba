package dev.dag.examples;

import dev.dag.Blob;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Table;
import java.util.List;

/**
 * Tasks of the {@code clean} stage: normalized spelling, valid keys, no duplicates, and the amount of
 * each order. What is rejected is counted, not silently dropped.
 */
public final class CleanTasks {
    private CleanTasks() {
    }

    /** Customers with normalized e-mail addresses; {@code customer_id} is the primary key. */
    @Materialize(version = Materialize.AUTO)
    public static Table customers(Table rawCustomers) {
        return Table.of("""
                SELECT customer_id, trim(name) AS name, lower(email) AS email, region, segment, signed_up
                FROM %s
                """.formatted(rawCustomers.ref())).name("customers").primaryKey("customer_id");
    }

    /**
     * Checks every raw order once, keeps the valid ones with their amount, and reports the rest.
     * Rows that fail several checks count under the first reason only.
     *
     * @param maxQuantity largest quantity a single order line may have
     */
    @Materialize(version = Materialize.AUTO)
    public static CleanOrders orders(Table rawOrders, Table customers, Table products, int maxQuantity) {
        // Written now rather than returned: both outputs below are built from it. It stays in the stage
        // for auditing, each row with the reason it was rejected for.
        Table checked = Table.of(checkSql(rawOrders, customers, products, maxQuantity))
                .name("checked_orders").materialize();
        Table orders = Table.of("""
                SELECT order_id, customer_id, sku, category, ordered_at, order_date, quantity, discount, status,
                       channel, amount
                FROM %s WHERE reject_reason IS NULL
                """.formatted(checked.ref())).name("orders");
        QualityReport report = QualityReport.of(countOutcomes(checked));
        return new CleanOrders(orders, Blob.of(report).name("quality_report"));
    }

    private static String checkSql(Table rawOrders, Table customers, Table products, int maxQuantity) {
        return """
                SELECT o.order_id, o.customer_id, o.sku, p.category, o.ordered_at,
                       CAST(o.ordered_at AS DATE) AS order_date, o.quantity, o.discount,
                       lower(trim(o.status)) AS status, o.channel,
                       round(o.quantity * p.price * (1 - o.discount), 2) AS amount,
                       CASE
                           WHEN row_number() OVER (PARTITION BY o.order_id ORDER BY o.ordered_at) > 1 THEN 'duplicate'
                           WHEN o.quantity NOT BETWEEN 1 AND %4$d THEN 'quantity out of range'
                           WHEN p.sku IS NULL THEN 'unknown product'
                           WHEN c.customer_id IS NULL THEN 'unknown customer'
                       END AS reject_reason
                FROM %1$s AS o
                LEFT JOIN %2$s AS c ON c.customer_id = o.customer_id
                LEFT JOIN %3$s AS p ON p.sku = o.sku
                """.formatted(rawOrders.ref(), customers.ref(), products.ref(), maxQuantity);
    }

    /** Rows per outcome: a handful of rows, so they are read back as records to build the report. */
    @SuppressWarnings("unchecked")
    private static List<OrderCheck> countOutcomes(Table checked) {
        Table counts = Table.of("""
                SELECT coalesce(reject_reason, '%s') AS outcome, count(*) AS orders
                FROM %s GROUP BY 1 ORDER BY outcome
                """.formatted(OrderCheck.ACCEPTED, checked.ref())).name("order_checks");
        return (List<OrderCheck>) counts.materialize(MaterializeOptions.defaults().returnAs(OrderCheck.class)).obj();
    }
}
