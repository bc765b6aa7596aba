package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.SKIPPED;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.failingRun;
import static dev.dag.it.cache.Story.firstRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs of a selection ({@code withStages}, {@code withTasks}): the tasks left out hand their consumers the
 * committed output of the same call (found by its key, not by its place among the calls of the stage), and only
 * what the selected tasks read must be there.
 */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheSelectionIT {
    static final AtomicInteger seen = new AtomicInteger();

    @BeforeEach
    void reset() {
        seen.set(-1);
    }

    @Materialize(version = "1")
    static Table number(int n) {
        Bodies.ran("number " + n);
        return Table.of("SELECT " + n + " AS n").name("n_" + n);
    }

    @Materialize(version = "1")
    static Table doubled(Table number) {
        Bodies.ran("doubled");
        return Table.of("SELECT 2 * n AS n FROM " + number.ref()).name("doubled");
    }

    @Materialize(version = "1", inputType = Map.class)
    static Table use(Table number) {
        Bodies.ran("use");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) number.obj();
        seen.set(((Number) rows.get(0).get("n")).intValue());
        return Table.of("SELECT " + seen.get() + " AS n").name("used");
    }

    /** Stage s1 calls number() with each of {@code numbers}; stage s2 uses the call with {@code used}. */
    private static Flow numbers(int used, int... numbers) {
        Flow flow = new Flow("selection");
        try (flow) {
            Table usedTable = null;
            try (Stage s1 = new Stage("s1")) {
                for (int n : numbers) {
                    Table table = number(n);
                    usedTable = n == used ? table : usedTable;
                }
            }
            try (Stage s2 = new Stage("s2")) {
                use(usedTable);
            }
        }
        return flow;
    }

    /** s1 → s2 → s3: number(n), doubled, use. */
    private static Flow chain(int n) {
        Flow flow = new Flow("selection");
        try (flow) {
            Table number;
            Table doubled;
            try (Stage s1 = new Stage("s1")) {
                number = number(n);
            }
            try (Stage s2 = new Stage("s2")) {
                doubled = doubled(number);
            }
            try (Stage s3 = new Stage("s3")) {
                use(doubled);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void anUnselectedCallHandsItsConsumerItsOwnCommittedTableAfterTheCallsWereReordered(TestDatabase db) {
        firstRun(db, numbers(1, 1, 2));

        db.run(numbers(1, 2, 1), options -> options.withStages("s2"));
        assertEquals(1, seen.get(), "use read number(1)'s table, not that of the call committed at its place");

        seen.set(-1);
        db.run(numbers(1, 2, 1), options -> options.withTasks("use"));
        assertEquals(1, seen.get(), "withTasks: use read number(1)'s table");
    }

    @OnEachDatabase
    void anUnselectedCallWithoutACommittedOutputForItsKeyFailsNamingWhatToRun(TestDatabase db) {
        firstRun(db, numbers(1, 1));

        DagException error = failingRun(db, numbers(5, 5, 1), options -> options.withStages("s2"));

        assertExecuted();
        assertTrue(error.getMessage().contains("'number'") && error.getMessage().contains("'s1'"),
                error.getMessage());
        assertTrue(error.getMessage().contains("withStages(\"s1\""), error.getMessage());
        assertNotEquals(CACHE_VALID, Story.task(error.result().orElseThrow(), "use").outcome(),
                "use must not take number(1)'s table for number(5)'s");
    }

    @OnEachDatabase
    void unselectedChainsAreFoundByTheKeysOfTheirInputs(TestDatabase db) {
        firstRun(db, chain(1));

        Result unchanged = db.run(chain(1), options -> options.withStages("s3"));
        assertExecuted();
        assertOutcome(unchanged, "number", SKIPPED, "not selected");
        assertOutcome(unchanged, "doubled", SKIPPED, "not selected");
        assertOutcome(unchanged, "use", CACHE_VALID, "cache-valid");

        DagException error = failingRun(db, chain(7), options -> options.withStages("s3"));
        assertExecuted();
        assertTrue(error.getMessage().contains("'number'"), error.getMessage());
        assertNotEquals(CACHE_VALID, Story.task(error.result().orElseThrow(), "use").outcome(),
                "use must not be cache-valid over number(1)'s tables when number(7) was asked for");
    }

    @OnEachDatabase
    void aSelectedFirstStageOnAFreshInstanceNeedsNothingOfTheStagesAfterIt(TestDatabase db) {
        Result result = db.run(chain(1), options -> options.withStages("s1"));

        assertTrue(result.successful(), result::summary);
        assertExecuted("number 1");
        assertOutcome(result, "doubled", SKIPPED, "not selected");
        assertOutcome(result, "use", SKIPPED, "not selected");
        assertEquals(List.of(List.of(1)), db.published("s1", "n_1"));
    }
}
