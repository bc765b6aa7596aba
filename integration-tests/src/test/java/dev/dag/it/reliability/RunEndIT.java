package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.CountingDriver;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Latches;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;

/**
 * A publish keeps the replaced table while another run is live (it may still read it); that run drops it when it
 * ends. The story: one run is held while it records its end, another publishes a new version of the stage and ends;
 * when the first run ends, the old table must be gone. Before, a run dropped such tables before it recorded its end
 * and left the live runs, so a table kept for it in between stayed behind (ConcurrentRunsIT met it one time in four).
 */
@Tag("reliability")
class RunEndIT {
    private static final String ENDING = "dag-it-ending-run";

    @Materialize(version = "1")
    static Table numbers(int generation) {
        return Table.of("SELECT " + generation + " AS generation").name("numbers");
    }

    private static Flow flow(int generation) {
        return Flows.oneStage("run_end", "run_end", () -> numbers(generation));
    }

    @OnEachDatabase
    void aTableKeptForARunThatWasEndingIsDroppedWhenItEnds(TestDatabase db) throws Exception {
        try (CountingDriver driver = CountingDriver.install(db.config().url())) {
            db.run(flow(1));
            CountDownLatch recordingItsEnd = new CountDownLatch(1);
            CountDownLatch otherRunEnded = new CountDownLatch(1);
            driver.beforeEach(sql -> {
                if (Thread.currentThread().getName().equals(ENDING) && sql.contains("\"runs\"")
                        && sql.contains("finished_at")) {
                    recordingItsEnd.countDown();
                    Latches.await(otherRunEnded, "the other run's end");
                }
            });
            CompletableFuture<Result> ending = new CompletableFuture<>();
            Thread endingRun = new Thread(() -> ending.complete(db.run(flow(1))), ENDING);
            endingRun.start();
            assertTrue(recordingItsEnd.await(60, TimeUnit.SECONDS), "the first run reached its end");

            Result publishing = db.run(flow(2));
            otherRunEnded.countDown();
            Result ended = ending.get(60, TimeUnit.SECONDS);

            assertEquals(TaskOutcome.CACHE_VALID, ended.task("numbers").orElseThrow().outcome(), ended.summary());
            assertEquals(TaskOutcome.RAN, publishing.task("numbers").orElseThrow().outcome(), publishing.summary());
            NothingLost.assertIntactAndClean(db);
        }
    }
}
