package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code System.exit} before the {@code main} of a run opened by the agent's {@code flow=} option returns: the run
 * is recorded as aborted, what its open stage wrote is dropped at once, and the stages committed before (by this
 * run's block, or by the run before) stay as they were.
 */
class ExitMidRunIT {

    private static String run(ChildEtl etl, int generation, String exit, int expectedExit) {
        return etl.run(ExitingEtl.class, List.of("-Detl.generation=" + generation, "-Detl.exit=" + exit),
                expectedExit);
    }

    private static long value(TestDatabase db, String stage, String table) {
        return ((Number) db.value("SELECT * FROM " + db.table(stage, table))).longValue();
    }

    /** Asserts the last run is aborted and left no table that no published version uses. */
    private static void assertAbortedWithoutLeftovers(ChildEtl etl) {
        TestDatabase db = etl.db();
        assertEquals("aborted", db.value("SELECT status FROM " + etl.meta() + ".runs WHERE run_id = '"
                + etl.lastRunId() + "'"));
        assertNotNull(db.value("SELECT finished_at FROM " + etl.meta() + ".runs WHERE run_id = '"
                + etl.lastRunId() + "'"));
        assertEquals(List.of(), db.query("SELECT physical_name, state FROM " + etl.meta() + ".objects WHERE state <> "
                + "'published'"), "metadata of objects that no published version uses");
        Set<String> published = db.query("SELECT physical_name FROM " + etl.meta() + ".objects").stream()
                .map(row -> (String) row.get("physical_name")).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(published, new TreeSet<>(db.tablesIn("dag_data")), "physical tables beside the published ones");
    }

    @OnEachDatabase
    void exitWithACodeAtTheEndOfMainAbortsTheRunAndDropsWhatItsOpenStageWrote(TestDatabase db) {
        ChildEtl etl = ChildEtl.on(db, "");
        run(etl, 1, "", 0);
        assertEquals(2, value(db, "clean", "doubled"));

        String output = run(etl, 2, "main:3", 3);

        assertTrue(output.contains("aborted: the JVM exits"), output);
        assertAbortedWithoutLeftovers(etl);
        assertEquals(2, value(db, "raw", "numbers"), "raw, committed by its block before the exit, has generation 2");
        assertEquals(2, value(db, "clean", "doubled"), "clean keeps its committed version");
        assertEquals(3, value(db, "clean", "tripled"));

        run(etl, 2, "", 0);
        assertEquals(4, value(db, "clean", "doubled"), "the next run commits as usual");
        assertEquals("succeeded", db.value("SELECT status FROM " + etl.meta() + ".runs WHERE run_id = '"
                + etl.lastRunId() + "'"));
    }

    @OnEachDatabase
    void exitZeroInsideATaskBodyAbortsTheRunAndDropsWhatItsOpenStageWrote(TestDatabase db) {
        ChildEtl etl = ChildEtl.on(db, "");
        run(etl, 1, "", 0);

        String output = run(etl, 2, "task:0", 0);

        assertTrue(output.contains("EXITING task:0"), output);
        assertAbortedWithoutLeftovers(etl);
        assertEquals(2, value(db, "clean", "doubled"), "clean keeps its committed version");
        assertEquals(3, value(db, "clean", "tripled"));
    }
}
