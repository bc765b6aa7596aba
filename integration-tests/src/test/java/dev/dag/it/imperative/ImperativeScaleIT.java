package dev.dag.it.imperative;

import static dev.dag.it.imperative.Stored.entryLength;
import static dev.dag.it.imperative.Stored.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializedTable;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;

/**
 * Many imperative tables in one task: each depends on all earlier ones through one rolling key, so the
 * task's metadata grows with the number of tables, not with its square, and a rerun reuses all of them.
 */
class ImperativeScaleIT {

    /** {@code count} tables, each reading the one before it. */
    @Materialize(lazy = true)
    static Table many(int count) {
        Table previous = Table.of("SELECT 0 AS a").name("t_0").materialize();
        for (int i = 1; i < count; i++) {
            previous = Table.of("SELECT a + 1 AS a FROM " + previous.ref()).name("t_" + i).materialize();
        }
        return Table.of("SELECT a FROM " + previous.ref()).name("many_out");
    }

    @OnEachDatabase
    void twoHundredTablesInOneTaskAreCachedWithLinearMetadata(TestDatabase db) {
        Flow flow = new Flow("many");
        try (flow) {
            try (Stage fifty = new Stage("fifty")) {
                many(50);
            }
            try (Stage twoHundred = new Stage("two_hundred")) {
                many(200);
            }
        }

        long start = System.nanoTime();
        Result first = flow.run(RunOptions.of(db.config()));
        long firstMillis = (System.nanoTime() - start) / 1_000_000;

        assertEquals(51, inStage(first, "fifty").materializations().size());
        assertEquals(201, inStage(first, "two_hundred").materializations().size());
        assertEquals(199L, single(db, "two_hundred", "many_out", "a"));
        assertEquals(49L, single(db, "fifty", "many_out", "a"));
        long length50 = entryLength(db, "fifty", "many");
        long length200 = entryLength(db, "two_hundred", "many");
        double ratio = (double) length200 / length50;
        System.out.printf("%s: first run %d ms; cache entry %d chars for 50 tables, %d for 200 (ratio %.2f)%n",
                db.kind(), firstMillis, length50, length200, ratio);
        assertTrue(ratio > 3.5 && ratio < 4.5, () -> "the cache entry grows linearly with the tables: 50 → "
                + length50 + " chars, 200 → " + length200 + " chars");

        start = System.nanoTime();
        Result again = flow.run(RunOptions.of(db.config()));
        long againMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("%s: rerun %d ms%n", db.kind(), againMillis);

        for (TaskResult task : again.tasks()) {
            assertEquals(TaskOutcome.LAZY_CACHE_VALID, task.outcome(), task::toString);
            assertTrue(task.materializations().stream()
                    .allMatch(table -> table.outcome() == MaterializedTable.Outcome.CACHE_VALID), task::toString);
        }
        assertEquals(201, inStage(again, "two_hundred").materializations().size());
        assertEquals(length200, entryLength(db, "two_hundred", "many"));
        assertTrue(longestQuery(db, "two_hundred") <= longestQuery(db, "fifty") + 2,
                "the stored SQL of a table does not grow with the tables before it");
    }

    private static TaskResult inStage(Result result, String stage) {
        return result.tasks().stream().filter(task -> task.stage().equals(stage)).findFirst().orElseThrow();
    }

    /** The longest SQL text dag keeps for a table of {@code stage}. */
    private static long longestQuery(TestDatabase db, String stage) {
        return ((Number) db.value("SELECT max(length(query)) FROM \"" + db.schema("dag_meta") + "\".\"objects\" "
                + "WHERE stage = '" + stage + "' AND state = 'published'")).longValue();
    }
}
