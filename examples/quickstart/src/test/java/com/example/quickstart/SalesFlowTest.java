package com.example.quickstart;

import static dev.dag.junit.DagAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.junit.DagInstance;
import dev.dag.junit.DagTest;
import org.junit.jupiter.api.Test;

@DagTest
class SalesFlowTest {
    @Test
    void aChangedMinimumRerunsOnlyTheTasksThatDependOnIt(DagInstance dag) {
        assertThat(dag.run(SalesFlow.define(5).flow())).succeeded().ran("sales", "bigSales", "revenue");

        assertThat(dag.run(SalesFlow.define(10).flow()))
                .succeeded().ran("bigSales", "revenue").cacheValid("sales")
                .reasonOf("bigSales").contains("constant argument 'minQuantity' changed (5 → 10)");
        assertEquals(2, dag.query("SELECT * FROM " + dag.table("report", "revenue")).size());
    }
}
