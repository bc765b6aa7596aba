package dev.dag.it.imperative;

import static dev.dag.it.imperative.Stored.outcomes;
import static dev.dag.it.imperative.Stored.physical;
import static dev.dag.it.imperative.Stored.result;
import static dev.dag.it.imperative.Stored.single;
import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.DagException;
import dev.dag.Debug;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;

/**
 * Rule 7: {@code Debug.materializeTable} and a second {@code materialize()} of the same table object
 * taint the task. The run fails after the task, saying why and at which line; nothing of the stage is
 * committed and no cache entry is left, so the next run without the debug call runs the task again.
 */
class ImperativeDebugIT {
    enum Debugging { NONE, TWICE, DEBUG_TABLE }

    static volatile Debugging debugging;
    static volatile int debugLine;
    static final AtomicInteger bodies = new AtomicInteger();

    @BeforeEach
    void reset() {
        debugging = Debugging.NONE;
        bodies.set(0);
    }

    /** A task with a version: it only runs when its key (here: {@code variant}) changed or it left no entry. */
    @Materialize(version = "1")
    static Table debugged(int variant) {
        bodies.incrementAndGet();
        Table step = Table.of("SELECT " + variant + " AS v").name("step");
        Table stored = step.materialize();
        if (debugging == Debugging.TWICE) {
            debugLine = Frames.nextLine();
            step.materialize();
        } else if (debugging == Debugging.DEBUG_TABLE) {
            debugLine = Frames.nextLine();
            Debug.materializeTable(Table.of("SELECT * FROM " + stored.ref()).name("peek"),
                    MaterializeOptions.defaults().nameSuffix("_1").dropIfExists());
        }
        return Table.of("SELECT v * 10 AS v FROM " + stored.ref()).name("debugged_out");
    }

    @Materialize(version = "1")
    static Table sibling(int variant) {
        return Table.of("SELECT " + variant + " AS v").name("sibling");
    }

    private static int variant;

    private static Flow flow(int which) {
        variant = which;
        Flow flow = new Flow("debug");
        try (flow) {
            try (Stage s = new Stage("s")) {
                sibling(variant);
                debugged(variant);
            }
        }
        return flow;
    }

    private static Map<String, Object> stageState(TestDatabase db) {
        return Map.of("step", physical(db, "s", "step"), "debugged_out", physical(db, "s", "debugged_out"),
                "sibling", physical(db, "s", "sibling"), "v", single(db, "s", "sibling", "v"));
    }

    @OnEachDatabase
    void secondMaterializeOfTheSameTableTaintsTheTask(TestDatabase db) {
        taintedRunCommitsNothingAndTheNextRunRunsTheTask(db, Debugging.TWICE, "materialize() was called twice on table 'step'");
    }

    @OnEachDatabase
    void debugMaterializeTableTaintsTheTaskAndLeavesTheDebugTable(TestDatabase db) {
        taintedRunCommitsNothingAndTheNextRunRunsTheTask(db, Debugging.DEBUG_TABLE,
                "Debug.materializeTable wrote table 'peek_1'");

        assertEquals(2L, ((Number) db.value("SELECT v FROM \"" + db.schema("dag_debug") + "\".\"s__peek_1\"")).longValue(),
                "the debug table is there to inspect, with what the tainted run computed");
    }

    private void taintedRunCommitsNothingAndTheNextRunRunsTheTask(TestDatabase db, Debugging how, String why) {
        flow(1).run(RunOptions.of(db.config()));
        Map<String, Object> committed = stageState(db);
        assertEquals(1, bodies.get());

        debugging = how;
        DagException e = assertThrows(DagException.class, () -> flow(2).run(RunOptions.of(db.config())));

        assertEquals(2, bodies.get());
        assertMessageContains(e, "'debugged'", "'s'", "debug-tainted", why,
                "(ImperativeDebugIT.java:" + debugLine + ")", "not committed");
        assertEquals(Optional.of("debugged"), e.task());
        Result failed = e.result().orElseThrow();
        assertEquals(TaskOutcome.FAILED, result(failed, "debugged").outcome());
        assertEquals(committed, stageState(db), "the stage still shows the previous version, sibling included");

        debugging = Debugging.NONE;
        Result clean = flow(2).run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.RAN, result(clean, "debugged").outcome(), "the tainted run left no cache entry");
        assertEquals(3, bodies.get());
        assertEquals(List.of("step WRITTEN", "debugged_out WRITTEN returned"), outcomes(clean, "debugged"));
        assertEquals(20L, single(db, "s", "debugged_out", "v"));
        assertEquals(2L, single(db, "s", "sibling", "v"));

        Result again = flow(2).run(RunOptions.of(db.config()));
        assertEquals(TaskOutcome.CACHE_VALID, result(again, "debugged").outcome());
        assertEquals(3, bodies.get());
    }

    @OnEachDatabase
    void taintOnTheVeryFirstRunLeavesNoEntrySoTheNextRunRunsTheTask(TestDatabase db) {
        debugging = Debugging.DEBUG_TABLE;
        DagException e = assertThrows(DagException.class, () -> flow(1).run(RunOptions.of(db.config())));
        assertMessageContains(e, "debug-tainted");
        assertEquals(List.of(), Stored.tablesIn(db, "s"), "nothing of the stage is visible");

        debugging = Debugging.NONE;
        Result clean = flow(1).run(RunOptions.of(db.config()));

        assertEquals(TaskOutcome.RAN, result(clean, "debugged").outcome());
        assertEquals(2, bodies.get());
    }
}
