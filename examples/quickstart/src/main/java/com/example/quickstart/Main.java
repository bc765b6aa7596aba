package com.example.quickstart;

import dev.dag.Result;
import java.util.Map;

/** Runs the flow into {@code dag.duckdb} in the working folder and prints what happened. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        // docs:run
        SalesFlow sales = SalesFlow.define(SalesFlow.MIN_QUANTITY);
        Result result = sales.flow().run();
        System.out.println(result.summary());
        for (Map<?, ?> row : result.rows(sales.revenue(), Map.class)) {
            System.out.println(row.get("region") + " " + row.get("revenue"));
        }
        // end:run
    }
}
