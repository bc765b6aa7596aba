package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.firstRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Blob;
import dev.dag.ConfigException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.it.support.CountingDriver;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On DuckDB a run keeps in memory the records of a stage it published or found unchanged, and the next run of this
 * process that takes the stage's lock uses them instead of reading them, unless another run took the lock in
 * between. Stories where that memory must give way to what the database holds; on PostgreSQL, which reads the
 * records every time, the same stories hold.
 */
@ExtendWith(Bodies.class)
class RememberedRecordsIT {

    @Materialize(version = "1")
    static Table numbers(int n) {
        Bodies.ran("numbers" + n);
        return Table.of("SELECT " + n + " AS n").name("numbers");
    }

    @Materialize(version = "1")
    static Table letters(String letter) {
        Bodies.ran("letters " + letter);
        return Table.of("SELECT '" + letter + "' AS letter").name("letters");
    }

    record Limits(String label, int max) {
    }

    @Materialize(version = "1")
    static Blob limits(int max) {
        Bodies.ran("limits " + max);
        return Blob.of(new Limits("max", max)).name("limits");
    }

    /** Two tables materialized mid-body, then a third returned. */
    @Materialize(version = "1")
    static Table steps(int n) {
        Bodies.ran("steps " + n);
        Table first = Table.of("SELECT " + n + " AS n").name("step_one_" + n).materialize();
        Table.of("SELECT n + 1 AS n FROM " + first.ref()).name("step_two_" + n).materialize();
        return Table.of("SELECT " + n + " * 10 AS n").name("steps_" + n);
    }

    /**
     * A stage of a blob and of tables written mid-body, whose names follow the version; {@code blob} gets the
     * blob's output, to read it from the run's result.
     */
    private static Flow mixed(int n, AtomicReference<Blob> blob) {
        return Flows.oneStage("mixed", "mixed", () -> {
            numbers(n);
            letters("b");
            blob.set(limits(n));
            steps(n);
            steps(100);
        });
    }

    private static Flow flow(int n) {
        return Flows.oneStage("remembered", "raw", () -> {
            numbers(n);
            letters("a");
        });
    }

    @Test
    void onDuckDbARerunOrAPlanOfThisProcessReadsNoStageRecords() throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.DUCKDB, "remembered");
             CountingDriver counting = CountingDriver.install(db.config().url())) {
            firstRun(db, flow(1));
            int mark = counting.executed().size();

            Result changed = db.run(flow(2));
            Result unchanged = db.run(flow(2));
            Plan plan = flow(3).plan(db.options());

            assertOutcome(changed, "numbers", RAN, "");
            assertOutcome(unchanged, "numbers", CACHE_VALID, "cache-valid");
            assertEquals(PlannedTask.Decision.RUN, plan.task("numbers").orElseThrow().decision(), plan.summary());
            assertEquals(PlannedTask.Decision.CACHE_VALID, plan.task("letters").orElseThrow().decision(),
                    plan.summary());
            List<String> reruns = counting.executed().subList(mark, counting.executed().size());
            assertEquals(List.of(), reruns.stream().filter(sql -> sql.startsWith("SELECT")
                    && (sql.contains(".\"objects\"") || sql.contains(".\"versions\""))).toList(),
                    "the reruns and the plan read no stage records: " + reruns);
        }
    }

    /**
     * A second instance of this process over the same store (another configuration object, so another pool)
     * publishes the stage between two runs of the first: the first instance's next run must find the version the
     * other published, not the one it remembers publishing itself (whose table the other's publish dropped, while
     * its view still answers).
     */
    @OnEachDatabase
    void aVersionAnotherInstanceOfTheProcessPublishedMeanwhileIsSeen(TestDatabase db) {
        firstRun(db, flow(1));
        try (ConfigContext other = sameStoreAgain(db)) {
            Result theOthers = db.run(flow(2), options -> options.withConfig(other));
            assertOutcome(theOthers, "numbers", RAN, "");
        }
        Bodies.take();
        Plan plan = flow(2).plan(db.options());
        assertEquals(PlannedTask.Decision.CACHE_VALID, plan.task("numbers").orElseThrow().decision(),
                "a plan of the first instance finds the other's version: " + plan.summary());

        Result back = db.run(flow(1));

        assertExecuted("numbers1");
        assertOutcome(back, "numbers", RAN, "");
        assertOutcome(back, "letters", CACHE_VALID, "cache-valid");
        assertEquals(List.of(List.of(1)), db.published("raw", "numbers").stream()
                .map(row -> List.<Object>of(((Number) row.get(0)).intValue())).toList());
    }

    /**
     * Two instances of the process over one store take turns at random, each running one of three versions of the
     * stage: every run reruns the task exactly when the version it finds published (whoever published it) is
     * another, and publishes its own. The seed is fixed, so that a failure replays.
     */
    @OnEachDatabase
    void twoInstancesTakingTurnsAtRandomEachFindTheVersionTheOtherPublished(TestDatabase db) {
        Random random = new Random(20261203L);
        Integer published = null;
        try (ConfigContext other = sameStoreAgain(db)) {
            for (int step = 0; step < 16; step++) {
                int n = 1 + random.nextInt(3);
                boolean byTheOther = random.nextBoolean();
                Result result = byTheOther ? db.run(flow(n), options -> options.withConfig(other)) : db.run(flow(n));

                String at = "step " + step + " (" + (byTheOther ? "the other instance" : "this one") + ", version "
                        + n + ", published before: " + published + ")";
                boolean changed = !Integer.valueOf(n).equals(published);
                Map<String, Integer> expected = new TreeMap<>();
                if (changed) {
                    expected.put("numbers" + n, 1);
                }
                if (published == null) {
                    expected.put("letters a", 1);
                }
                assertEquals(expected, Bodies.take(), at + ": task bodies executed");
                assertEquals(changed ? RAN : CACHE_VALID, result.task("numbers").orElseThrow().outcome(), at);
                assertEquals(List.of(List.of(n)), db.published("raw", "numbers").stream()
                        .map(row -> List.<Object>of(((Number) row.get(0)).intValue())).toList(), at);
                published = n;
            }
        }
    }

    /**
     * A stage of blobs and of tables written mid-body, its tasks four at a time: what a run keeps in memory of the
     * version it published holds every object exactly as a read would, so the next run reruns what changed and
     * nothing else, and reads back the same blob and rows.
     */
    @OnEachDatabase
    void blobsAndTablesWrittenMidBodyAreKeptExactly(TestDatabase db) {
        UnaryOperator<RunOptions> fourAtATime = options -> options.withParallelism(4);
        AtomicReference<Blob> blob = new AtomicReference<>();
        db.run(mixed(1, blob), fourAtATime);
        Bodies.take();

        Result changed = db.run(mixed(2, blob), fourAtATime);
        assertExecuted("limits 2", "numbers2", "steps 2");
        Result same = db.run(mixed(2, blob), fourAtATime);
        assertExecuted();
        assertEquals(new Limits("max", 2), same.get(blob.get(), Limits.class), "the blob carried over");
        Result back = db.run(mixed(1, blob), fourAtATime);
        assertExecuted("limits 1", "numbers1", "steps 1");

        assertTrue(changed.successful() && same.successful() && back.successful(), back.summary());
        assertTrue(same.tasks().stream().allMatch(task -> task.outcome() == CACHE_VALID), same.summary());
        assertEquals(List.of(2), ints(db, "step_two_1"));
        assertEquals(List.of(10), ints(db, "steps_1"));
        assertEquals(List.of(100), ints(db, "step_one_100"));
        assertFalse(db.viewExists("mixed", "step_one_2"), "the tables of version 2 left the stage");
        assertEquals(new Limits("max", 1), back.get(blob.get(), Limits.class));
    }

    /**
     * The metadata schema dropped by hand while the process keeps the store open: the next run finds the stage's
     * tables unknown to the metadata it creates anew and refuses them, as a run of a new process would, instead of
     * trusting what it remembered of the dropped records.
     */
    @OnEachDatabase
    void aMetadataSchemaDroppedByHandIsNoticedByTheNextRunOfTheProcess(TestDatabase db) {
        firstRun(db, flow(1));
        db.execute("DROP SCHEMA " + db.schema(db.config().metadataSchema()) + " CASCADE");

        ConfigException refused = assertThrows(ConfigException.class, () -> db.run(flow(1)));

        assertTrue(refused.getMessage().contains("never wrote"), refused.getMessage());
        assertExecuted();
    }

    /** The values of the one column of table {@code table} of stage {@code mixed}, as ints. */
    private static List<Integer> ints(TestDatabase db, String table) {
        return db.published("mixed", table).stream().map(row -> ((Number) row.get(0)).intValue()).toList();
    }

    /** The instance of {@code db} again, under another configuration object: another pool over the same store. */
    private static ConfigContext sameStoreAgain(TestDatabase db) {
        return ConfigContext.builder().instance(db.config().instance()).url(db.config().url())
                .user(db.config().user()).password(db.config().password())
                .schemaPrefix(db.config().schemaPrefix()).metadataSchema(db.config().metadataSchema()).build();
    }
}
