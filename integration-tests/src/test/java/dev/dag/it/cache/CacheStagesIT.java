package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.TaskOutcome.SKIPPED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Cache entries are per stage and per task call; stage and task selections read the rest from the last commit. */
class CacheStagesIT extends CacheStory {
    record Item(int id, int qty) {}

    static volatile int offset;

    @BeforeEach
    void resetCode() {
        offset = 0;
    }

    @Materialize(name = "items", version = "1")
    static Table itemsV1() {
        Bodies.ran("items");
        return Table.of(List.of(new Item(1, 2), new Item(2, 5), new Item(3, 9))).name("items");
    }

    @Materialize(name = "items", version = "2")
    static Table itemsV2() {
        Bodies.ran("items");
        return Table.of(List.of(new Item(1, 20), new Item(2, 50))).name("items");
    }

    /** Without a version: would run every time its stage runs. */
    @Materialize
    static Table stamp() {
        Bodies.ran("stamp");
        return Table.of("SELECT 1 AS n").name("stamp");
    }

    @Materialize(version = "1")
    static Table prep(Table items) {
        Bodies.ran("prep");
        return Table.of("SELECT id, qty * 10 AS qty FROM " + items.ref()).name("prep");
    }

    @Materialize(version = "1")
    static Table report(Table prep) {
        Bodies.ran("report");
        return Table.of("SELECT sum(qty)::INTEGER AS total FROM " + prep.ref()).name("report");
    }

    @Materialize(version = "1")
    static Table scaled(Table items, int factor) {
        Bodies.ran("scaled");
        return Table.of("SELECT id, qty * " + factor + " + " + offset + " AS qty FROM " + items.ref()).name("scaled");
    }

    /** Called several times per stage: each call names its table after its argument. */
    @Materialize(version = "1")
    static Table atLeast(Table items, int min) {
        Bodies.ran("atLeast " + min);
        return Table.of("SELECT id, qty FROM " + items.ref() + " WHERE qty >= " + min).name("at_least_" + min);
    }

    @Materialize(version = "1")
    static Table below(Table items, int max) {
        Bodies.ran("below");
        return Table.of("SELECT id, qty FROM " + items.ref() + " WHERE qty < " + max).name("below");
    }

    /** raw: items (and prep unless {@code prepInClean}); clean: (prep and) report. */
    private static Flow prepFlow(boolean prepInClean) {
        Flow flow = new Flow("stages");
        try (flow) {
            Table items;
            Table prep = null;
            try (Stage raw = new Stage("raw")) {
                items = itemsV1();
                if (!prepInClean) {
                    prep = prep(items);
                }
            }
            try (Stage clean = new Stage("clean")) {
                report(prepInClean ? prep(items) : prep);
            }
        }
        return flow;
    }

    @Test
    void movingATaskToAnotherStageRerunsItThere() {
        firstRun(prepFlow(false));
        assertTrue(viewExists("raw", "prep"));

        Result moved = run(prepFlow(true));

        assertExecuted("prep", "report");
        assertOutcome(moved, "items", CACHE_VALID, "cache-valid");
        assertOutcome(moved, "clean", "prep", RAN, "no cache entry: first run in this stage");
        assertOutcome(moved, "report", RAN, "input 'prep' changed");
        assertFalse(viewExists("raw", "prep"), "raw no longer publishes the moved table");
        assertEquals(List.of(List.of(1, 20), List.of(2, 50), List.of(3, 90)), published("clean", "prep"));
        assertEquals(List.of(List.of(160)), published("clean", "report"));

        Result again = run(prepFlow(true));
        assertExecuted();
        assertOutcome(again, "clean", "prep", CACHE_VALID, "cache-valid");

        Result back = run(prepFlow(false));
        assertExecuted("prep", "report");
        assertOutcome(back, "raw", "prep", RAN, "no cache entry: first run in this stage");
        assertFalse(viewExists("clean", "prep"));
        assertEquals(List.of(List.of(160)), published("clean", "report"));
    }

    private static Flow twoStagesFlow(int factorA, int factorB) {
        Flow flow = new Flow("twice");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                items = itemsV1();
            }
            try (Stage a = new Stage("a")) {
                scaled(items, factorA);
            }
            try (Stage b = new Stage("b")) {
                scaled(items, factorB);
            }
        }
        return flow;
    }

    @Test
    void sameTaskInTwoStagesIsCachedPerStage() {
        Result first = run(twoStagesFlow(2, 2));
        assertExecuted("items", "scaled", "scaled");
        assertOutcome(first, "a", "scaled", RAN, "no cache entry");
        assertOutcome(first, "b", "scaled", RAN, "no cache entry");

        Result unchanged = run(twoStagesFlow(2, 2));
        assertExecuted();
        assertOutcome(unchanged, "a", "scaled", CACHE_VALID, "cache-valid");
        assertOutcome(unchanged, "b", "scaled", CACHE_VALID, "cache-valid");
        String viewA = viewSql("a", "scaled");

        Result changed = run(twoStagesFlow(2, 3));
        assertExecuted("scaled");
        assertOutcome(changed, "a", "scaled", CACHE_VALID, "cache-valid");
        assertOutcome(changed, "b", "scaled", RAN, "constant argument 'factor' changed (2 → 3)");
        assertEquals(viewA, viewSql("a", "scaled"));
        assertEquals(List.of(List.of(1, 4), List.of(2, 10), List.of(3, 18)), published("a", "scaled"));
        assertEquals(List.of(List.of(1, 6), List.of(2, 15), List.of(3, 27)), published("b", "scaled"));
    }

    private static Flow siblingsFlow(int firstMin, int secondMin, int max) {
        Flow flow = new Flow("siblings");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                items = itemsV1();
            }
            try (Stage clean = new Stage("clean")) {
                atLeast(items, firstMin);
                atLeast(items, secondMin);
                below(items, max);
            }
        }
        return flow;
    }

    @Test
    void tasksWithTheSameInputAreCachedIndependently() {
        firstRun(siblingsFlow(2, 5, 9));
        String firstView = viewSql("clean", "at_least_2");

        Result changedBelow = run(siblingsFlow(2, 5, 6));
        assertExecuted("below");
        assertOutcome(changedBelow, "below", RAN, "constant argument 'max' changed (9 → 6)");
        changedBelow.tasks().stream().filter(task -> task.task().equals("atLeast"))
                .forEach(task -> assertOutcome(task, CACHE_VALID, "cache-valid"));

        Result changedSecondCall = run(siblingsFlow(2, 9, 6));
        assertExecuted("atLeast 9");
        List<dev.dag.TaskResult> calls = changedSecondCall.tasks().stream()
                .filter(task -> task.task().equals("atLeast")).toList();
        assertOutcome(calls.get(0), CACHE_VALID, "cache-valid");
        assertOutcome(calls.get(1), RAN, "constant argument 'min' changed (5 → 9)");
        assertOutcome(changedSecondCall, "below", CACHE_VALID, "cache-valid");
        assertEquals(firstView, viewSql("clean", "at_least_2"));
        assertFalse(viewExists("clean", "at_least_5"));
        assertEquals(List.of(List.of(3, 9)), published("clean", "at_least_9"));
        assertEquals(List.of(List.of(1, 2), List.of(2, 5)), published("clean", "below"));
    }

    private Table scaledOut;

    private Flow selectionFlow(boolean itemsV2, int factor) {
        Flow flow = new Flow("selection");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                stamp();
                items = itemsV2 ? itemsV2() : itemsV1();
            }
            try (Stage clean = new Stage("clean")) {
                scaledOut = scaled(items, factor);
                report(scaledOut);
            }
        }
        return flow;
    }

    @Test
    void withStagesRunsAndCommitsOnlyTheSelectedStage() {
        firstRun(selectionFlow(false, 2));
        String stampView = viewSql("raw", "stamp");

        Result cleanOnly = run(selectionFlow(false, 3), options -> options.withStages("clean"));

        assertExecuted("scaled", "report");
        assertOutcome(cleanOnly, "stamp", SKIPPED, "not selected: outputs read from the last commit");
        assertOutcome(cleanOnly, "items", SKIPPED, "not selected");
        assertOutcome(cleanOnly, "scaled", RAN, "constant argument 'factor' changed (2 → 3)");
        assertOutcome(cleanOnly, "report", RAN, "input 'prep' changed");
        assertEquals(stampView, viewSql("raw", "stamp"), "raw was not committed again");
        assertEquals(List.of(List.of(48)), published("clean", "report"), "clean was committed");

        Result rawOnly = run(selectionFlow(false, 3), options -> options.withStages("raw"));
        assertExecuted("stamp");
        assertOutcome(rawOnly, "items", CACHE_VALID, "cache-valid");
        assertOutcome(rawOnly, "scaled", SKIPPED, "not selected");
        assertNotEquals(stampView, viewSql("raw", "stamp"), "raw was committed");

        Result all = run(selectionFlow(false, 3));
        assertExecuted("stamp");
        assertOutcome(all, "scaled", CACHE_VALID, "cache-valid");
        assertOutcome(all, "report", CACHE_VALID, "cache-valid");
    }

    @Test
    void withStagesReadsAChangedStageFromItsLastCommitAndTheNextFullRunCatchesUp() {
        firstRun(selectionFlow(false, 2));

        Result cleanOnly = run(selectionFlow(true, 2), options -> options.withStages("clean"));
        assertExecuted();
        assertOutcome(cleanOnly, "items", SKIPPED, "not selected");
        assertOutcome(cleanOnly, "scaled", CACHE_VALID, "cache-valid");
        assertEquals(List.of(List.of(32)), published("clean", "report"), "still computed from the committed items");

        Result all = run(selectionFlow(true, 2));
        assertExecuted("stamp", "items", "scaled", "report");
        assertOutcome(all, "items", RAN, "version changed (1 → 2)");
        assertOutcome(all, "scaled", RAN, "input 'items' changed");
        assertEquals(List.of(List.of(140)), published("clean", "report"));
    }

    @Test
    void withTasksRunsTheSelectedTasksForcedAndCommitsNothing() {
        firstRun(selectionFlow(false, 2));
        String scaledView = viewSql("clean", "scaled");
        offset = 100;

        Result selected = run(selectionFlow(false, 2), options -> options.withTasks("scaled"));

        assertExecuted("scaled");
        assertOutcome(selected, "scaled", RAN, "forced (task selected to run)");
        assertOutcome(selected, "items", SKIPPED, "not selected");
        assertOutcome(selected, "report", SKIPPED, "not selected");
        assertEquals(List.of(new Item(1, 104), new Item(2, 110), new Item(3, 118)),
                selected.rows(scaledOut, Item.class), "the result reads the table written aside");
        assertEquals(scaledView, viewSql("clean", "scaled"), "the stage view still shows the committed table");
        assertEquals(List.of(List.of(1, 4), List.of(2, 10), List.of(3, 18)), published("clean", "scaled"));
        assertEquals(List.of(List.of(32)), published("clean", "report"));
        String aside = selected.get(scaledOut, TableRef.class).name();

        Result next = run(selectionFlow(false, 2));
        assertExecuted("stamp");
        assertOutcome(next, "scaled", CACHE_VALID, "cache-valid");
        assertEquals(List.of(List.of(1, 4), List.of(2, 10), List.of(3, 18)), published("clean", "scaled"));
        assertTrue(query("SELECT 1 FROM duckdb_tables() WHERE table_name = ?", aside).isEmpty(),
                "the next run of the stage dropped the table written aside");
    }
}
