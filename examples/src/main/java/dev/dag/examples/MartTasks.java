package dev.dag.examples;

import dev.dag.Materialize;
import dev.dag.Table;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Tasks of the {@code marts} stage: aggregates for reporting, built from the clean stage. Revenue
 * counts shipped orders only.
 */
public final class MartTasks {
    private MartTasks() {
    }

    /** Orders and revenue per day. */
    @Materialize(version = Materialize.AUTO)
    public static Table dailyRevenue(Table orders) {
        return Table.of("""
                SELECT order_date AS day, count(*) AS orders, sum(amount) AS revenue
                FROM %s WHERE status = 'shipped'
                GROUP BY order_date ORDER BY order_date
                """.formatted(orders.ref())).name("daily_revenue");
    }

    /** Per customer: orders, revenue, first and last order, and rank by revenue within the region. */
    @Materialize(version = Materialize.AUTO)
    public static Table customerValue(Table orders, Table customers) {
        return Table.of("""
                SELECT c.customer_id, c.region, c.segment,
                       count(o.order_id) AS orders,
                       coalesce(sum(o.amount), 0) AS revenue,
                       min(o.order_date) AS first_order,
                       max(o.order_date) AS last_order,
                       rank() OVER (PARTITION BY c.region ORDER BY coalesce(sum(o.amount), 0) DESC) AS region_rank
                FROM %s AS c
                LEFT JOIN %s AS o ON o.customer_id = c.customer_id AND o.status = 'shipped'
                GROUP BY c.customer_id, c.region, c.segment
                """.formatted(customers.ref(), orders.ref())).name("customer_value").primaryKey("customer_id");
    }

    /**
     * Monthly revenue with one column per catalogue category. The columns come from the product
     * records rather than from the orders, so the mart keeps its shape when a category has no sales.
     * {@code inputType} applies to every input, but rows are only read when {@code obj()} is called:
     * the million orders are used through {@code ref()} and never leave the database.
     */
    @Materialize(version = Materialize.AUTO, inputType = Product.class)
    @SuppressWarnings("unchecked")
    public static Table categoryMonths(Table orders, Table products) {
        List<Product> catalogue = (List<Product>) products.obj();
        String perCategory = catalogue.stream().map(Product::category).distinct().sorted()
                .map(category -> "sum(amount) FILTER (WHERE category = " + literal(category) + ") AS "
                        + identifier(category))
                .collect(Collectors.joining(",\n       "));
        return Table.of("""
                SELECT CAST(date_trunc('month', order_date) AS DATE) AS month,
                       %s,
                       sum(amount) AS total
                FROM %s WHERE status = 'shipped'
                GROUP BY month ORDER BY month
                """.formatted(perCategory, orders.ref())).name("category_months");
    }

    /** Customers, orders, revenue and revenue share per region, largest first. */
    @Materialize(version = Materialize.AUTO)
    public static Table regionRevenue(Table customerValue) {
        return Table.of("""
                SELECT region,
                       count(*) FILTER (WHERE orders > 0) AS customers,
                       sum(orders) AS orders,
                       sum(revenue) AS revenue,
                       CAST(round(100 * sum(revenue) / sum(sum(revenue)) OVER (), 1) AS DOUBLE PRECISION) AS share
                FROM %s
                GROUP BY region ORDER BY revenue DESC
                """.formatted(customerValue.ref())).name("region_revenue");
    }

    /** A SQL string literal: the category names are data, so they are quoted, not trusted. */
    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** A quoted column name derived from a category, e.g. {@code "revenue_books"}. */
    private static String identifier(String category) {
        String name = "revenue_" + category.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        return '"' + name + '"';
    }
}
