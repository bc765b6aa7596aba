package com.example.quickstart;

import dev.dag.Materialize;
import dev.dag.Table;
import java.math.BigDecimal;
import java.util.List;

/** The tasks: plain static methods that return tables; the agent makes them cached tasks. */
public final class SalesTasks {
    private SalesTasks() {
    }

    /** The sales, as in-memory records (bulk-loaded). */
    @Materialize(version = Materialize.AUTO)
    public static Table sales() {
        return Table.of(List.of(
                new Sale("North", "tea", 3, new BigDecimal("4.50")),
                new Sale("North", "coffee", 12, new BigDecimal("9.90")),
                new Sale("South", "tea", 8, new BigDecimal("4.50")),
                new Sale("South", "cocoa", 1, new BigDecimal("6.20")),
                new Sale("West", "coffee", 20, new BigDecimal("9.90")))).name("sales");
    }

    /** Sales of at least {@code minQuantity} units. */
    @Materialize(version = Materialize.AUTO)
    public static Table bigSales(Table sales, int minQuantity) {
        return Table.of("SELECT * FROM " + sales.ref() + " WHERE quantity >= " + minQuantity).name("big_sales");
    }

    /** Revenue of the big sales per region. */
    @Materialize(version = Materialize.AUTO)
    public static Table revenue(Table bigSales) {
        return Table.of("SELECT region, sum(quantity * price) AS revenue FROM " + bigSales.ref()
                + " GROUP BY region ORDER BY region").name("revenue");
    }
}
