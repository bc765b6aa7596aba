package com.example.quickstart;

import dev.dag.Flow;
import dev.dag.Stage;
import dev.dag.Table;

/**
 * The flow: stage {@code raw} loads the sales, stage {@code report} filters and sums them.
 *
 * @param flow    the defined flow, ready to run
 * @param revenue the revenue table, to read after the run
 */
public record SalesFlow(Flow flow, Table revenue) {
    /** Smallest quantity that counts as a big sale. */
    public static final int MIN_QUANTITY = 5;

    /** Defines the flow (calls are recorded, not run: the agent makes them placeholders). */
    public static SalesFlow define(int minQuantity) {
        Flow flow = new Flow("sales");
        try (flow) {
            Table sales;
            try (Stage raw = new Stage("raw")) {
                sales = SalesTasks.sales();
            }
            Table revenue;
            try (Stage report = new Stage("report")) {
                revenue = SalesTasks.revenue(SalesTasks.bigSales(sales, minQuantity));
            }
            return new SalesFlow(flow, revenue);
        }
    }
}
