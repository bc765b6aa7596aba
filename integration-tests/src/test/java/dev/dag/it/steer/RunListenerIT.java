package dev.dag.it.steer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskProgress;
import dev.dag.TaskResult;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.time.Duration;
import java.util.AbstractList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;

/**
 * {@link RunListener}: which events a run sends, in which order, for a run that writes, a rerun that keeps
 * everything, a failing task, a long task (progress, with the rows of a bulk load), and a listener that throws.
 */
class RunListenerIT {
    record Item(int id, String name) {
    }

    /** Released by the test's listener once it heard a progress report; a task waits for it. */
    static CountDownLatch progressHeard = new CountDownLatch(1);
    /** Rows the bulk-loading task writes before it waits for a progress report (a few counting steps). */
    static final int ROWS_BEFORE_WAITING = 5_000;

    @Materialize(version = "1")
    static Table items() {
        return Table.of(List.of(new Item(1, "a"), new Item(2, "b"), new Item(3, "c"))).name("items");
    }

    @Materialize(lazy = true)
    static Table bigOnes(Table items) {
        Table ids = Table.of("SELECT id FROM " + items.ref() + " WHERE id > 1").name("big_ids").materialize();
        return Table.of("SELECT * FROM " + ids.ref()).name("big_ones");
    }

    @Materialize(version = "1")
    static Table count(Table items) {
        return Table.of("SELECT count(*) AS n FROM " + items.ref()).name("item_count");
    }

    @Materialize(version = "1")
    static Table broken(Table items) {
        throw new IllegalStateException("broken on purpose");
    }

    @Materialize(version = "1")
    static Table waitsForProgress() {
        awaitProgress();
        return Table.of("SELECT 1 AS done").name("waited");
    }

    private static void awaitProgress() {
        try {
            assertTrue(progressHeard.await(30, TimeUnit.SECONDS), "no progress report within 30 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Materialize(version = "1")
    static Table bulkLoadWaitingForProgress() {
        return Table.of(new RowsWaitingForProgress(ROWS_BEFORE_WAITING * 2)).name("loaded");
    }

    /** Rows that, half-way through the bulk load, wait until a progress report with rows was heard. */
    static final class RowsWaitingForProgress extends AbstractList<Item> {
        private final int size;

        RowsWaitingForProgress(int size) {
            this.size = size;
        }

        @Override
        public Item get(int index) {
            if (index == ROWS_BEFORE_WAITING) {
                awaitProgress();
            }
            return new Item(index, "item " + index);
        }

        @Override
        public int size() {
            return size;
        }
    }

    @BeforeEach
    void resetLatch() {
        progressHeard = new CountDownLatch(1);
    }

    private static Flow twoStages() {
        Flow flow = new Flow("events");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                items = items();
            }
            try (Stage marts = new Stage("marts")) {
                bigOnes(items);
                count(items);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void aRunSendsItsEventsInOrder(TestDatabase db) {
        EventLog log = new EventLog();
        Result result = twoStages().run(db.options().withListener(log));

        assertEquals(List.of(
                "run events started",
                "stage raw started",
                "task raw.items started",
                "table raw.items of items written (3 rows)",
                "task raw.items RAN",
                "stage raw PUBLISHED",
                "stage marts started",
                "task marts.bigOnes started",
                "table marts.big_ids of bigOnes written (2 rows)",
                "table marts.big_ones of bigOnes written (2 rows)",
                "task marts.bigOnes RAN",
                "task marts.count started",
                "table marts.item_count of count written (1 rows)",
                "task marts.count RAN",
                "stage marts PUBLISHED",
                "run events finished successful"), log.events());
        assertEquals(Set.of(result.runId()), Set.copyOf(log.runIds()), "every event names the run");
    }

    @OnEachDatabase
    void aCacheValidRerunReportsEveryTableAsKept(TestDatabase db) {
        twoStages().run(db.options());
        EventLog log = new EventLog();

        twoStages().run(db.options().withListener(log));

        assertEquals(List.of(
                "run events started",
                "stage raw started",
                "task raw.items started",
                "table raw.items of items kept (3 rows)",
                "task raw.items CACHE_VALID",
                "stage raw PUBLISHED",
                "stage marts started",
                "task marts.bigOnes started",
                "table marts.big_ids of bigOnes kept (2 rows)",
                "table marts.big_ones of bigOnes kept (2 rows)",
                "task marts.bigOnes LAZY_CACHE_VALID",
                "task marts.count started",
                "table marts.item_count of count kept (1 rows)",
                "task marts.count CACHE_VALID",
                "stage marts PUBLISHED",
                "run events finished successful"), log.events());
    }

    @OnEachDatabase
    void aFailingTaskFailsItsStageAndSkippedTasksOnlyFinish(TestDatabase db) {
        Flow flow = new Flow("events");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                items = items();
            }
            try (Stage marts = new Stage("marts")) {
                broken(items);
                count(items);
            }
            try (Stage later = new Stage("later")) {
                count(items);
            }
        }
        EventLog log = new EventLog();

        DagException failure = assertThrows(DagException.class, () -> flow.run(db.options().withListener(log)));

        assertEquals(List.of(
                "run events started",
                "stage raw started",
                "task raw.items started",
                "table raw.items of items written (3 rows)",
                "task raw.items RAN",
                "stage raw PUBLISHED",
                "stage marts started",
                "task marts.broken started",
                "task marts.broken FAILED",
                "task marts.count SKIPPED",
                "stage marts FAILED",
                "task later.count SKIPPED",
                "run events finished failed"), log.events());
        assertTrue(failure.getMessage().contains("broken on purpose"), failure.getMessage());
    }

    @OnEachDatabase
    void aListenerThatThrowsNeverBreaksTheRun(TestDatabase db) {
        RunListener throwing = new RunListener() {
            @Override
            public void runStarted(RunContext run) {
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void taskFinished(RunContext run, TaskResult task) {
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void tableMaterialized(RunContext run, dev.dag.Materialization table) {
                throw new LinkageError("listener linkage bug");
            }
        };
        EventLog after = new EventLog();

        Result result = twoStages().run(db.options().withListener(throwing).withListener(after));

        assertTrue(result.successful(), result.summary());
        assertEquals(16, after.events().size(), "the listener added after the throwing one heard every event: "
                + after.events());
        assertEquals(3, db.count(db.table("raw", "items")));
    }

    /** A listener that releases the waiting task once it heard a report {@code enough} accepts. */
    private static RunListener releasing(Predicate<TaskProgress> enough) {
        return new RunListener() {
            @Override
            public void taskProgress(RunContext run, TaskProgress progress) {
                if (enough.test(progress)) {
                    progressHeard.countDown();
                }
            }
        };
    }

    /** Runs {@code flow} reporting progress every 20 ms to {@code log} and to a listener releasing on {@code enough}. */
    private static Result runReporting(TestDatabase db, Flow flow, EventLog log, Predicate<TaskProgress> enough) {
        return flow.run(db.options().withProgressInterval(Duration.ofMillis(20)).withListener(log)
                .withListener(releasing(enough)));
    }

    @OnEachDatabase
    void aLongTaskReportsItsProgress(TestDatabase db) {
        EventLog log = new EventLog();

        runReporting(db, Flows.oneStage("events", "raw", RunListenerIT::waitsForProgress), log, progress -> true);

        TaskProgress first = log.progress().get(0);
        assertEquals("raw", first.stage());
        assertEquals("waitsForProgress", first.task());
        assertTrue(first.millis() >= 20, "reported after the interval: " + first);
        assertEquals(0, first.rowsWritten(), "an SQL task has no row count to report");
        int reports = log.progress().size();
        sleepMillis(100);
        assertEquals(reports, log.progress().size(), "no report after the task ended");
    }

    @OnEachDatabase
    void aBulkLoadReportsRowsWrittenWhileItRuns(TestDatabase db) {
        EventLog log = new EventLog();

        Result result = runReporting(db, Flows.oneStage("events", "raw", RunListenerIT::bulkLoadWaitingForProgress),
                log, progress -> progress.rowsWritten() > 0);

        TaskProgress withRows = log.progress().stream().filter(report -> report.rowsWritten() > 0).findFirst()
                .orElseThrow(() -> new AssertionError("no report with rows: " + log.progress()));
        assertTrue(withRows.rowsWritten() <= ROWS_BEFORE_WAITING, "counted while the load went on: " + withRows);
        assertTrue(withRows.rowsPerSecond() > 0, withRows.toString());
        assertEquals(ROWS_BEFORE_WAITING * 2L, result.task("bulkLoadWaitingForProgress").orElseThrow().rowsWritten());
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
