package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.ConfigContext;
import dev.dag.RunOptions;
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
 * Two runs of one flow at once, again and again ({@link RacingFlow}): every run succeeds. Each stage is written
 * by one run at a time (its lock), and a later stage of a run reads the physical tables of the version its
 * earlier stage published, which the other run's next publish of that stage replaces: they stay until no run
 * that may read them is live, and the last such run drops them.
 */
@Tag("reliability")
class ConcurrentRunsIT {
    private static final int RUNS_PER_THREAD = 15;
    private static final int RUNS_PER_JVM = 15;
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    @OnEachDatabase
    void twoThreadsRunningOneFlowAtOnceAllSucceed(TestDatabase db) throws Exception {
        RunOptions options = db.options();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<Future<List<String>>> failures = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int first = 1 + t * 100;
            failures.add(threads.submit(() -> RacingFlow.runRepeatedly(options, first, RUNS_PER_THREAD)));
        }
        List<String> failed = new ArrayList<>();
        for (Future<List<String>> thread : failures) {
            failed.addAll(thread.get());
        }
        threads.shutdown();

        assertEquals(List.of(), failed, failed.size() + " of " + 2 * RUNS_PER_THREAD + " runs failed");
        assertLastVersionsWhole(db);
    }

    @Test
    void twoJvmsRunningOneFlowOnPostgresAtOnceAllSucceed() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "twoJvms")) {
            try (ChildJvm first = racing(db, "first", 1); ChildJvm second = racing(db, "second", 101)) {
                assertEquals(RacingFlow.FAILURES + "0", first.awaitLine(RacingFlow.FAILURES, PATIENCE), first.output());
                assertEquals(RacingFlow.FAILURES + "0", second.awaitLine(RacingFlow.FAILURES, PATIENCE),
                        second.output());
            }
            assertLastVersionsWhole(db);
        }
    }

    private static ChildJvm racing(TestDatabase db, String name, int firstGeneration) {
        ConfigContext config = db.config();
        config.close();
        return ChildJvm.start(name, List.of(), RacingFlow.class, List.of(config.url(), config.user(),
                config.password() == null ? "" : config.password(), config.schemaPrefix(),
                Integer.toString(firstGeneration), Integer.toString(RUNS_PER_JVM)));
    }

    private static void assertLastVersionsWhole(TestDatabase db) {
        Rows.assertRows(List.of(List.of(RacingFlow.ROWS, RacingFlow.ROWS)),
                db.rows("SELECT n, seen FROM " + db.table("checks", "check")),
                "the last check read whole versions of its inputs");
        NothingLost.assertIntactAndClean(db);
    }
}
