package dev.dag.it.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Result;
import dev.dag.TaskOutcome;
import dev.dag.examples.OrdersFlow;
import dev.dag.examples.QualityReport;
import dev.dag.examples.RegionRevenue;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;

/**
 * The demo pipeline runs on each database and computes the same figures on both: its SQL is portable. A smaller
 * size than the demo's million orders, same code.
 */
class OrdersDemoIT {
    private static final int ORDERS = 20_000;
    private static final int CUSTOMERS = 400;
    /** What DuckDB computed before the demo's SQL was made portable (dag 0.1, DuckDB-only SQL). */
    private static final String EXPECTED = "QualityReport[rawRows=20080, cleanRows=19953, rejected=["
            + "OrderCheck[outcome=duplicate, orders=80], OrderCheck[outcome=quantity out of range, orders=34], "
            + "OrderCheck[outcome=unknown customer, orders=9], OrderCheck[outcome=unknown product, orders=4]]]\n"
            + "RegionRevenue[region=North, customers=120, orders=5256, revenue=723035.78, share=30.0]";

    @OnEachDatabase
    void theDemoComputesTheSameFiguresOnEveryDatabaseAndARerunIsCacheValid(TestDatabase db) {
        OrdersFlow orders = OrdersFlow.define(ORDERS, CUSTOMERS);
        Result first = db.run(orders.flow());

        QualityReport quality = first.get(orders.quality(), QualityReport.class);
        List<RegionRevenue> regions = first.rows(orders.regionRevenue(), RegionRevenue.class);
        assertEquals(EXPECTED, quality + "\n" + regions.get(0), first.summary());

        Result rerun = db.run(OrdersFlow.define(ORDERS, CUSTOMERS).flow());
        assertTrue(rerun.tasks().stream().allMatch(task -> task.outcome() == TaskOutcome.CACHE_VALID),
                rerun.summary());
    }
}
