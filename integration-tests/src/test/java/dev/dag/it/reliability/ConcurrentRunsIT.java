package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.Rows;
import dev.dag.it.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two runs of one flow at once, again and again: every run succeeds. Each stage is written by one run at a time
 * (its lock), and a later stage of a run reads the physical tables of the version its earlier stage published,
 * which the other run's next publish of that stage replaces: they stay until no run that may read them is live.
 */
@Tag("reliability")
class ConcurrentRunsIT {
    private static final int RUNS_PER_THREAD = 15;
    private static final int RUNS_PER_JVM = 8;
    private static final int ROWS = 1_000;

    /** No version: every run writes every table anew, so that every publish replaces the other run's tables. */
    @Materialize
    static Table orders(int generation) {
        return Table.of("SELECT id, " + generation + " AS generation FROM generate_series(1, " + ROWS + ") AS t(id)")
                .name("orders");
    }

    @Materialize
    static Table totals(Table orders) {
        return Table.of("SELECT count(*) AS n, min(generation) AS generation FROM " + orders.ref()).name("totals");
    }

    /** Reads both earlier stages' tables of its own run: a torn or dropped input shows here. */
    @Materialize
    static Table check(Table orders, Table totals) {
        return Table.of("SELECT t.n, t.generation, count(*) AS seen FROM " + totals.ref() + " t JOIN " + orders.ref()
                + " o ON o.generation = t.generation GROUP BY t.n, t.generation").name("check");
    }

    static Flow flow(int generation) {
        Flow flow = new Flow("concurrent");
        try (flow) {
            Table orders;
            Table totals;
            try (Stage raw = new Stage("raw")) {
                orders = orders(generation);
            }
            try (Stage report = new Stage("report")) {
                totals = totals(orders);
            }
            try (Stage checks = new Stage("checks")) {
                check(orders, totals);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void twoThreadsRunningOneFlowAtOnceAllSucceed(TestDatabase db) throws Exception {
        RunOptions options = db.options();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<Future<List<String>>> failures = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int first = 1 + t * 100;
            failures.add(threads.submit(() -> runRepeatedly(options, first)));
        }
        List<String> failed = new ArrayList<>();
        for (Future<List<String>> thread : failures) {
            failed.addAll(thread.get());
        }
        threads.shutdown();
        assertEquals(List.of(), failed, failed.size() + " of " + 2 * RUNS_PER_THREAD + " runs failed");

        List<List<Object>> checked = db.rows("SELECT n, seen FROM " + db.table("checks", "check"));
        Rows.assertRows(List.of(List.of(ROWS, ROWS)), checked, "the last check read whole versions of its inputs");
        NothingLost.assertIntactAndClean(db);
    }

    private static List<String> runRepeatedly(RunOptions options, int firstGeneration) {
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < RUNS_PER_THREAD; i++) {
            try {
                Result result = flow(firstGeneration + i).run(options);
                if (!result.successful()) {
                    failed.add(result.summary());
                }
            } catch (DagException e) {
                failed.add(e.getMessage());
            }
        }
        return failed;
    }

    @Test
    void twoJvmsRunningOneFlowOnPostgresAtOnceAllSucceed() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "twoJvms")) {
            PipelineLauncher launcher = PipelineLauncher.on(db).withArgument("repeat=" + RUNS_PER_JVM);
            try (ChildJvm first = launcher.start("first", Options.generation(1));
                 ChildJvm second = launcher.start("second", Options.generation(101))) {
                Duration patience = Duration.ofSeconds(120);
                String firstFailures = first.awaitLine(CrashPipeline.FAILURES, patience);
                String secondFailures = second.awaitLine(CrashPipeline.FAILURES, patience);
                assertTrue(firstFailures.endsWith(" 0 of " + RUNS_PER_JVM), first.output());
                assertTrue(secondFailures.endsWith(" 0 of " + RUNS_PER_JVM), second.output());
                assertEquals(0, first.awaitExit(patience));
                assertEquals(0, second.awaitExit(patience));
            }
            List<List<Object>> orders = db.rows("SELECT count(*), count(DISTINCT generation) FROM "
                    + db.table(CrashPipeline.RAW, "orders"));
            Rows.assertRows(List.of(List.of(1_000, 1)), orders, "stage raw holds one whole version");
            NothingLost.assertIntactAndClean(db);
        }
    }
}
