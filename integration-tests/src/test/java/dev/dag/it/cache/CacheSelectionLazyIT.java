package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.FAILED;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.TaskOutcome.SKIPPED;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.failingRun;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A lazy task left out of a selected run ({@code withStages}, {@code withTasks}): its body runs to key the tables it
 * builds, and its committed tables are found by those keys. An unchanged task hands its readers its committed
 * table; one whose SQL changed since its stage was committed refuses the run, naming the task, its stage and what
 * to select, instead of handing over the table of its old SQL.
 */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheSelectionLazyIT {
    record Number(int n) {}

    /** The condition of the lazy tasks' SQL: a test edits it between runs, as a user edits the task's code. */
    static volatile String filter;

    @BeforeEach
    void resetCode() {
        filter = "n >= 2";
    }

    @Materialize(version = "1")
    static Table numbers() {
        Bodies.ran("numbers");
        return Table.of(List.of(new Number(1), new Number(2), new Number(3))).name("numbers");
    }

    @Materialize(lazy = true)
    static Table kept(Table numbers) {
        Bodies.ran("kept");
        return Table.of("SELECT n FROM " + numbers.ref() + " WHERE " + filter).name("kept");
    }

    /** Imperative: materializes its selection, reads its rows, and returns a query on it. */
    @Materialize(lazy = true)
    static Table picked(Table numbers) {
        Bodies.ran("picked");
        Table selection = Table.of("SELECT n FROM " + numbers.ref() + " WHERE " + filter).name("selection")
                .materialize(MaterializeOptions.defaults().returnAs(Map.class));
        int rows = ((List<?>) selection.obj()).size();
        return Table.of("SELECT n, " + rows + " AS of_rows FROM " + selection.ref()).name("picked");
    }

    @Materialize(version = "1")
    static Table total(Table kept) {
        Bodies.ran("total");
        return Table.of("SELECT count(*)::INTEGER AS n FROM " + kept.ref()).name("total");
    }

    /** s1: numbers, then the lazy {@code kept} (or {@code picked} when {@code imperative}); s2: their total. */
    private static Flow flow(boolean imperative) {
        Flow flow = new Flow("lazy_selection");
        try (flow) {
            Table selected;
            try (Stage s1 = new Stage("s1")) {
                Table numbers = numbers();
                selected = imperative ? picked(numbers) : kept(numbers);
            }
            try (Stage s2 = new Stage("s2")) {
                total(selected);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void aLeftOutLazyTaskWhoseSqlChangedRefusesTheRunNamingWhatToSelect(TestDatabase db) {
        firstRun(db, flow(false));
        assertRows(List.of(List.of(2)), db.published("s2", "total"));
        filter = "n >= 3";

        DagException error = failingRun(db, flow(false), options -> options.withStages("s2"));

        assertTrue(error instanceof DefinitionException, error::toString);
        assertEquals("Task 'kept' of stage 's1' is not selected to run, and task 'total' in stage 's2' reads it, but "
                + "there is no output of this call in the last commit of stage 's1': its SQL changed since stage 's1' "
                + "was committed (SQL changed at line 1: -…HERE n >= 2 +…HERE n >= 3). Select it too: "
                + "RunOptions.withStages(\"s1\", \"s2\"), or run the whole flow.", error.getMessage());
        Result failed = error.result().orElseThrow();
        assertOutcome(failed, "kept", FAILED, "its SQL changed");
        assertNotEquals(CACHE_VALID, Story.task(failed, "total").outcome(),
                "total must not be cache-valid over the table of kept's old SQL");
        assertExecuted("kept"); // run to key its tables; nothing else ran
        assertRows(List.of(List.of(2)), db.published("s2", "total"), "s2 keeps its committed version");

        Result both = db.run(flow(false), options -> options.withStages("s1", "s2"));
        assertOutcome(both, "kept", RAN, "SQL changed");
        assertRows(List.of(List.of(1)), db.published("s2", "total"));
    }

    @OnEachDatabase
    void withTasksRefusesALeftOutLazyTaskWhoseSqlChangedToo(TestDatabase db) {
        firstRun(db, flow(false));
        filter = "n >= 3";

        DagException error = failingRun(db, flow(false), options -> options.withTasks("total"));

        assertTrue(error.getMessage().contains("Task 'kept' of stage 's1'"), error.getMessage());
        assertTrue(error.getMessage().contains("RunOptions.withTasks(\"total\", \"kept\")"), error.getMessage());
        assertNotEquals(CACHE_VALID, Story.task(error.result().orElseThrow(), "total").outcome());
    }

    @OnEachDatabase
    void anUnchangedLeftOutLazyTaskHandsOverItsCommittedTable(TestDatabase db) {
        firstRun(db, flow(false));
        List<String> tables = db.objects("BASE TABLE");

        Result result = db.run(flow(false), options -> options.withStages("s2"));

        assertTrue(result.successful(), result::summary);
        assertExecuted("kept"); // its body ran to key its tables, and wrote nothing
        assertOutcome(result, "numbers", SKIPPED, "not selected: outputs read from the last commit");
        assertOutcome(result, "kept", SKIPPED, "not selected: outputs read from the last commit");
        assertOutcome(result, "total", CACHE_VALID, "cache-valid");
        assertRows(List.of(List.of(2)), db.published("s2", "total"));
        assertEquals(tables, db.objects("BASE TABLE"), "the keyed body wrote nothing");
    }

    @OnEachDatabase
    void anImperativeLeftOutTaskThatReadsWhatItMaterializesIsKeyedToo(TestDatabase db) {
        firstRun(db, flow(true));

        Result unchanged = db.run(flow(true), options -> options.withStages("s2"));
        assertOutcome(unchanged, "picked", SKIPPED, "not selected: outputs read from the last commit");
        assertOutcome(unchanged, "total", CACHE_VALID, "cache-valid");

        filter = "n >= 3";
        DagException error = failingRun(db, flow(true), options -> options.withStages("s2"));
        assertTrue(error.getMessage().contains("Task 'picked' of stage 's1' is not selected to run"),
                error.getMessage());
        assertTrue(error.getMessage().contains("its SQL changed since stage 's1' was committed"), error.getMessage());
        assertRows(List.of(List.of(2)), db.published("s2", "total"));
    }

    @OnEachDatabase
    void thePlanOfASelectedRunSaysWhatTheRunDoes(TestDatabase db) {
        firstRun(db, flow(false));
        Plan unchanged = Bodies.uncounted(() -> flow(false).plan(db.options().withStages("s2")));
        assertEquals(PlannedTask.Decision.SKIP, planned(unchanged, "kept").decision(), unchanged::summary);
        assertEquals(PlannedTask.Decision.CACHE_VALID, planned(unchanged, "total").decision(), unchanged::summary);

        filter = "n >= 3";
        Plan changed = Bodies.uncounted(() -> flow(false).plan(db.options().withStages("s2")));
        PlannedTask kept = planned(changed, "kept");
        assertEquals(PlannedTask.Decision.FAIL, kept.decision(), changed::summary);
        assertTrue(kept.reason().contains("its SQL changed since stage 's1' was committed"), kept.reason());
        assertNotEquals(PlannedTask.Decision.CACHE_VALID, planned(changed, "total").decision(), changed::summary);
        assertExecuted();
    }

    @OnEachDatabase
    void aLeftOutLazyTaskThatNoSelectedTaskReadsDoesNotRun(TestDatabase db) {
        firstRun(db, flow(false));
        filter = "n >= 3";

        Result result = db.run(flow(false), options -> options.withTasks("numbers"));

        assertTrue(result.successful(), result::summary);
        assertExecuted("numbers");
        assertOutcome(result, "kept", SKIPPED, "not selected");
        assertOutcome(result, "total", SKIPPED, "not selected");
    }

    private static PlannedTask planned(Plan plan, String task) {
        return plan.tasks().stream().filter(planned -> planned.task().equals(task)).findFirst().orElseThrow();
    }
}
