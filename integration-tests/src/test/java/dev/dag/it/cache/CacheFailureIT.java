package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.FAILED;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertExecutedUpToTheFailure;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.assertSkippedAfterTheFailure;
import static dev.dag.it.cache.Story.failingRun;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.cache.Story.task;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskResult;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** A failed run commits the stages before the failure, none after it, and leaves a usable cache. */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheFailureIT {
    static volatile boolean cleanFails;
    static volatile boolean rawFails;

    @BeforeEach
    void resetFailures() {
        cleanFails = false;
        rawFails = false;
    }

    @Materialize(version = "1")
    static Table items(int batch) {
        Bodies.ran("items");
        return Table.of("SELECT " + batch + " AS batch, i AS id FROM generate_series(0, 2) AS t(i)").name("items");
    }

    @Materialize(version = "1")
    static Table codes(int batch) {
        Bodies.ran("codes");
        if (rawFails) {
            throw new IllegalStateException("codes cannot be loaded");
        }
        return Table.of("SELECT 'c' AS code, " + batch + " AS batch").name("codes");
    }

    @Materialize(version = "1")
    static Table counted(Table items) {
        Bodies.ran("counted");
        return Table.of("SELECT batch, count(*)::INTEGER AS n FROM " + items.ref() + " GROUP BY batch").name("counted");
    }

    @Materialize(version = "1")
    static Table checked(Table items) {
        Bodies.ran("checked");
        if (cleanFails) {
            throw new IllegalStateException("check failed");
        }
        return Table.of("SELECT max(batch) AS batch FROM " + items.ref()).name("checked");
    }

    @Materialize(version = "1")
    static Table report(Table counted) {
        Bodies.ran("report");
        return Table.of("SELECT batch * 100 + n AS code FROM " + counted.ref()).name("report");
    }

    private static Flow flow(int batch) {
        Flow flow = new Flow("failing");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                items = items(batch);
                codes(batch);
            }
            try (Stage clean = new Stage("clean")) {
                Table counted = counted(items);
                checked(items);
                report(counted);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void runFailingInStageTwoLeavesStageOneCommittedAndTheCacheUsable(TestDatabase db) {
        firstRun(db, flow(1));
        String reportView = db.viewSql("clean", "report");
        cleanFails = true;

        DagException failure = failingRun(db, flow(2), options -> options);

        assertExecutedUpToTheFailure("items", "codes", "counted", "checked");
        assertEquals("checked", failure.task().orElseThrow());
        Result failed = failure.result().orElseThrow();
        assertFalse(failed.successful());
        assertOutcome(failed, "items", RAN, "constant argument 'batch' changed (1 → 2)");
        assertOutcome(failed, "counted", RAN, "input 'items' changed");
        assertOutcome(failed, "checked", FAILED, "check failed");
        assertSkippedAfterTheFailure(failed, "report");
        List<String> recorded = db.recordedTaskRuns(failed.runId());
        assertEquals(5, recorded.size(), recorded::toString);
        TaskResult report = task(failed, "report");
        assertTrue(recorded.contains("clean.report " + report.outcome() + ": " + report.reason()), recorded::toString);
        assertTrue(recorded.stream().anyMatch(run -> run.startsWith("clean.checked FAILED: ")
                && run.contains("check failed")), recorded::toString);
        assertRows(List.of(List.of(2, 0L), List.of(2, 1L), List.of(2, 2L)), db.published("raw", "items"),
                "stage raw was committed");
        assertEquals(reportView, db.viewSql("clean", "report"), "stage clean keeps its previous version");
        assertRows(List.of(List.of(1, 3)), db.published("clean", "counted"));
        assertRows(List.of(List.of(103)), db.published("clean", "report"));

        cleanFails = false;
        Result fixed = db.run(flow(2));
        assertExecuted("counted", "checked", "report");
        assertOutcome(fixed, "items", CACHE_VALID, "cache-valid");
        assertOutcome(fixed, "codes", CACHE_VALID, "cache-valid");
        assertOutcome(fixed, "counted", RAN, "input 'items' changed");
        assertOutcome(fixed, "checked", RAN, "input 'items' changed");
        assertOutcome(fixed, "report", RAN, "input 'counted' changed");
        assertRows(List.of(List.of(2, 3)), db.published("clean", "counted"));
        assertRows(List.of(List.of(203)), db.published("clean", "report"));

        Result again = db.run(flow(2));
        assertExecuted();
        assertTrue(again.tasks().stream().allMatch(task -> task.outcome() == CACHE_VALID), again::summary);
    }

    @OnEachDatabase
    void firstRunFailingInStageTwoStillCachesStageOne(TestDatabase db) {
        cleanFails = true;
        failingRun(db, flow(1), options -> options);
        assertExecutedUpToTheFailure("items", "codes", "counted", "checked");
        assertTrue(db.viewExists("raw", "items"));
        assertFalse(db.viewExists("clean", "counted"), "nothing of the failed stage is published");

        cleanFails = false;
        Result next = db.run(flow(1));
        assertExecuted("counted", "checked", "report");
        assertOutcome(next, "items", CACHE_VALID, "cache-valid");
        assertOutcome(next, "counted", RAN, "no cache entry: first run in this stage");
        assertRows(List.of(List.of(103)), db.published("clean", "report"));
    }

    @OnEachDatabase
    void runFailingInStageOneCommitsNothingAndRerunsTheWholeStageNextTime(TestDatabase db) {
        firstRun(db, flow(1));
        String itemsView = db.viewSql("raw", "items");
        rawFails = true;

        DagException failure = failingRun(db, flow(2), options -> options);

        assertExecutedUpToTheFailure("items", "codes");
        assertEquals("codes", failure.task().orElseThrow());
        Result failed = failure.result().orElseThrow();
        assertSkippedAfterTheFailure(failed, "counted");
        assertEquals(itemsView, db.viewSql("raw", "items"), "stage raw keeps its previous version");
        assertRows(List.of(List.of(103)), db.published("clean", "report"));

        rawFails = false;
        Result fixed = db.run(flow(2));
        assertExecuted("items", "codes", "counted", "checked", "report");
        assertOutcome(fixed, "items", RAN, "constant argument 'batch' changed (1 → 2)");
        assertOutcome(fixed, "codes", RAN, "constant argument 'batch' changed (1 → 2)");
        assertRows(List.of(List.of(203)), db.published("clean", "report"));
    }
}
