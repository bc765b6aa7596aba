package dev.dag.it.steer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.docs.examples.SteerExamples;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Runs the examples that docs/plan-and-progress.md and docs/report.md show, and checks that each does what they say. */
class SteerDocExamplesIT {
    private static final Path REPORT = Path.of("target/dag-report.html");

    @OnEachDatabase
    void thePlanExamplePrintsWhatWouldRun(TestDatabase db) {
        db.run(ShopFlow.define(100));

        Plan plan = SteerExamples.printPlan(ShopFlow.define(8), db.config());

        assertEquals(List.of("cleanOrders", "productRevenue", "regionOrders"),
                plan.tasks(PlannedTask.Decision.RUN).stream().map(PlannedTask::task).toList());
    }

    @OnEachDatabase
    void theDryRunExampleWritesNothing(TestDatabase db) {
        Result dry = SteerExamples.dryRun(ShopFlow.define(100), db.config());

        assertTrue(db.untouched());
        assertEquals(dry.plan().orElseThrow().summary(), dry.summary());
    }

    @OnEachDatabase
    void theListenerExampleHearsEveryTaskAndTheProgressExampleRuns(TestDatabase db) {
        Map<String, Long> timings = SteerExamples.timings(ShopFlow.define(100), db.config());

        assertEquals(6, timings.size(), timings.toString());
        assertTrue(timings.containsKey("clean.cleanOrders"), timings.toString());
        assertTrue(SteerExamples.slowerProgress(ShopFlow.define(100), db.config()).successful());
    }

    @OnEachDatabase
    void theReportExamplesWriteThePage(TestDatabase db) throws IOException {
        Files.deleteIfExists(REPORT);
        Result result = SteerExamples.report(ShopFlow.define(100), db.config());
        assertTrue(Files.readString(REPORT).contains(result.runId()));

        Flow failing = new Flow("failing");
        try (failing) {
            try (Stage raw = new Stage("raw")) {
                Table orders = ShopFlow.orders();
                ReportIT.broken(orders);
            }
        }
        DagException failure = assertThrows(DagException.class,
                () -> SteerExamples.reportOfAFailure(failing, db.options()));
        String page = Files.readString(REPORT);
        assertTrue(page.contains(failure.result().orElseThrow().runId()) && page.contains("status s-failed"));
    }
}
