package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Latches;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;

/**
 * A run reads the metadata of all its stages at once, before it locks the first. That read must never be used for a
 * stage that another run published in between: the run finds out under the stage's lock (DuckDB: another run took
 * the lock since; PostgreSQL: the digest of the stage's records changed) and reads that stage again. The story: a run waits inside its first stage while another flow publishes the second stage with the very
 * call the run will make there; the run must then find that call cache-valid, and the stage must hold its table once.
 */
@Tag("reliability")
class ReadAheadIT {
    @Materialize(version = "1")
    static Table first() {
        return Table.of("SELECT 1 AS n").name("first");
    }

    @Materialize(version = "1")
    static Table second(int generation) {
        return Table.of("SELECT " + generation + " AS generation").name("second");
    }

    private static Flow twoStages(int generation) {
        Flow flow = new Flow("read_ahead");
        try (flow) {
            try (Stage one = new Stage("ahead_one")) {
                first();
            }
            try (Stage two = new Stage("ahead_two")) {
                second(generation);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void aStagePublishedByAnotherRunAfterTheReadAheadIsReadAgain(TestDatabase db) throws Exception {
        assertTrue(db.run(twoStages(1)).successful());

        CountDownLatch inFirstStage = new CountDownLatch(1);
        CountDownLatch otherPublished = new CountDownLatch(1);
        RunListener waitInFirstStage = new RunListener() {
            @Override
            public void taskStarted(RunContext run, String stage, String task) {
                if (stage.equals("ahead_one")) {
                    inFirstStage.countDown();
                    Latches.await(otherPublished, "the other flow's publish");
                }
            }
        };
        CompletableFuture<Result> waiting = CompletableFuture.supplyAsync(() ->
                db.run(twoStages(2), options -> options.withListener(waitInFirstStage)));
        assertTrue(inFirstStage.await(60, TimeUnit.SECONDS), "the run reached its first stage");

        Result other = db.run(Flows.oneStage("publishes_ahead_two", "ahead_two", () -> second(2)));
        assertEquals(TaskOutcome.RAN, other.task("second").orElseThrow().outcome(), other.summary());
        otherPublished.countDown();
        Result result = waiting.get(60, TimeUnit.SECONDS);

        assertTrue(result.successful(), result.summary());
        assertEquals(TaskOutcome.CACHE_VALID, result.task("second").orElseThrow().outcome(), "the run saw the "
                + "version the other flow published after its read-ahead:\n" + result.summary());
        assertEquals(List.of(List.of(2)), db.published("ahead_two", "second"));
        assertEquals(1, db.tablesIn("ahead_two").size(), "the stage holds its one table: " + db.tablesIn("ahead_two"));
    }
}
