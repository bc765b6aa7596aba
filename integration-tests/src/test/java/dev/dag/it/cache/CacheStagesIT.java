package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.TaskOutcome.SKIPPED;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** Cache entries are per stage and per task call; stage and task selections read the rest from the last commit. */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheStagesIT {
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

    @OnEachDatabase
    void movingATaskToAnotherStageRerunsItThere(TestDatabase db) {
        firstRun(db, prepFlow(false));
        assertTrue(db.viewExists("raw", "prep"));

        Result moved = db.run(prepFlow(true));

        assertExecuted("prep", "report");
        assertOutcome(moved, "items", CACHE_VALID, "cache-valid");
        assertOutcome(moved, "clean", "prep", RAN, "no cache entry: first run in this stage");
        assertOutcome(moved, "report", RAN, "input 'prep' changed");
        assertFalse(db.viewExists("raw", "prep"), "raw no longer publishes the moved table");
        assertRows(List.of(List.of(1, 20), List.of(2, 50), List.of(3, 90)), db.published("clean", "prep"));
        assertRows(List.of(List.of(160)), db.published("clean", "report"));

        Result again = db.run(prepFlow(true));
        assertExecuted();
        assertOutcome(again, "clean", "prep", CACHE_VALID, "cache-valid");

        Result back = db.run(prepFlow(false));
        assertExecuted("prep", "report");
        assertOutcome(back, "raw", "prep", RAN, "no cache entry: first run in this stage");
        assertFalse(db.viewExists("clean", "prep"));
        assertRows(List.of(List.of(160)), db.published("clean", "report"));
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

    @OnEachDatabase
    void sameTaskInTwoStagesIsCachedPerStage(TestDatabase db) {
        Result first = db.run(twoStagesFlow(2, 2));
        assertExecuted("items", "scaled", "scaled");
        assertOutcome(first, "a", "scaled", RAN, "no cache entry");
        assertOutcome(first, "b", "scaled", RAN, "no cache entry");

        Result unchanged = db.run(twoStagesFlow(2, 2));
        assertExecuted();
        assertOutcome(unchanged, "a", "scaled", CACHE_VALID, "cache-valid");
        assertOutcome(unchanged, "b", "scaled", CACHE_VALID, "cache-valid");
        String viewA = db.viewSql("a", "scaled");

        Result changed = db.run(twoStagesFlow(2, 3));
        assertExecuted("scaled");
        assertOutcome(changed, "a", "scaled", CACHE_VALID, "cache-valid");
        assertOutcome(changed, "b", "scaled", RAN, "constant argument 'factor' changed (2 → 3)");
        assertEquals(viewA, db.viewSql("a", "scaled"));
        assertRows(List.of(List.of(1, 4), List.of(2, 10), List.of(3, 18)), db.published("a", "scaled"));
        assertRows(List.of(List.of(1, 6), List.of(2, 15), List.of(3, 27)), db.published("b", "scaled"));
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

    @OnEachDatabase
    void tasksWithTheSameInputAreCachedIndependently(TestDatabase db) {
        firstRun(db, siblingsFlow(2, 5, 9));
        String firstView = db.viewSql("clean", "at_least_2");

        Result changedBelow = db.run(siblingsFlow(2, 5, 6));
        assertExecuted("below");
        assertOutcome(changedBelow, "below", RAN, "constant argument 'max' changed (9 → 6)");
        changedBelow.tasks().stream().filter(task -> task.task().equals("atLeast"))
                .forEach(task -> assertOutcome(task, CACHE_VALID, "cache-valid"));

        Result changedSecondCall = db.run(siblingsFlow(2, 9, 6));
        assertExecuted("atLeast 9");
        List<dev.dag.TaskResult> calls = changedSecondCall.tasks().stream()
                .filter(task -> task.task().equals("atLeast")).toList();
        assertOutcome(calls.get(0), CACHE_VALID, "cache-valid");
        assertOutcome(calls.get(1), RAN, "constant argument 'min' changed (5 → 9)");
        assertOutcome(changedSecondCall, "below", CACHE_VALID, "cache-valid");
        assertEquals(firstView, db.viewSql("clean", "at_least_2"));
        assertFalse(db.viewExists("clean", "at_least_5"));
        assertRows(List.of(List.of(3, 9)), db.published("clean", "at_least_9"));
        assertRows(List.of(List.of(1, 2), List.of(2, 5)), db.published("clean", "below"));
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

    @OnEachDatabase
    void withStagesRunsAndCommitsOnlyTheSelectedStage(TestDatabase db) {
        firstRun(db, selectionFlow(false, 2));
        String stampView = db.viewSql("raw", "stamp");

        Result cleanOnly = db.run(selectionFlow(false, 3), options -> options.withStages("clean"));

        assertExecuted("scaled", "report");
        assertOutcome(cleanOnly, "stamp", SKIPPED, "not selected: outputs read from the last commit");
        assertOutcome(cleanOnly, "items", SKIPPED, "not selected");
        assertOutcome(cleanOnly, "scaled", RAN, "constant argument 'factor' changed (2 → 3)");
        assertOutcome(cleanOnly, "report", RAN, "input 'prep' changed");
        assertEquals(stampView, db.viewSql("raw", "stamp"), "raw was not committed again");
        assertRows(List.of(List.of(48)), db.published("clean", "report"), "clean was committed");

        Result rawOnly = db.run(selectionFlow(false, 3), options -> options.withStages("raw"));
        assertExecuted("stamp");
        assertOutcome(rawOnly, "items", CACHE_VALID, "cache-valid");
        assertOutcome(rawOnly, "scaled", SKIPPED, "not selected");
        assertNotEquals(stampView, db.viewSql("raw", "stamp"), "raw was committed");

        Result all = db.run(selectionFlow(false, 3));
        assertExecuted("stamp");
        assertOutcome(all, "scaled", CACHE_VALID, "cache-valid");
        assertOutcome(all, "report", CACHE_VALID, "cache-valid");
    }

    @OnEachDatabase
    void withStagesRefusesAChangedUnselectedInputAndTheNextFullRunCatchesUp(TestDatabase db) {
        firstRun(db, selectionFlow(false, 2));

        // the committed items were made by version 1: handing them to 'scaled' as version 2's would be stale
        DefinitionException refused = assertThrows(DefinitionException.class,
                () -> db.run(selectionFlow(true, 2), options -> options.withStages("clean")));
        assertTrue(refused.getMessage().contains("no output of this call in the last commit of stage 'raw'"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("withStages(\"raw\", \"clean\")"), refused.getMessage());
        assertExecuted();
        assertRows(List.of(List.of(32)), db.published("clean", "report"), "the committed version stays");

        Result all = db.run(selectionFlow(true, 2));
        assertExecuted("stamp", "items", "scaled", "report");
        assertOutcome(all, "items", RAN, "version changed (1 → 2)");
        assertOutcome(all, "scaled", RAN, "input 'items' changed");
        assertRows(List.of(List.of(140)), db.published("clean", "report"));
    }

    @OnEachDatabase
    void withTasksRunsTheSelectedTasksForcedAndCommitsNothing(TestDatabase db) {
        firstRun(db, selectionFlow(false, 2));
        String scaledView = db.viewSql("clean", "scaled");
        offset = 100;

        Result selected = db.run(selectionFlow(false, 2), options -> options.withTasks("scaled"));

        assertExecuted("scaled");
        assertOutcome(selected, "scaled", RAN, "forced (task selected to run)");
        assertOutcome(selected, "items", SKIPPED, "not selected");
        assertOutcome(selected, "report", SKIPPED, "not selected");
        assertEquals(List.of(new Item(1, 104), new Item(2, 110), new Item(3, 118)),
                selected.rows(scaledOut, Item.class), "the result reads the table written aside");
        assertEquals(scaledView, db.viewSql("clean", "scaled"), "the stage view still shows the committed table");
        assertRows(List.of(List.of(1, 4), List.of(2, 10), List.of(3, 18)), db.published("clean", "scaled"));
        assertRows(List.of(List.of(32)), db.published("clean", "report"));
        TableRef aside = selected.get(scaledOut, TableRef.class);

        Result next = db.run(selectionFlow(false, 2));
        assertExecuted("stamp");
        assertOutcome(next, "scaled", CACHE_VALID, "cache-valid");
        assertRows(List.of(List.of(1, 4), List.of(2, 10), List.of(3, 18)), db.published("clean", "scaled"));
        assertFalse(db.exists(aside), "the next run of the stage dropped the table written aside");
    }
}
