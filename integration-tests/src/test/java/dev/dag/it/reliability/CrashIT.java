package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Result;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;

/**
 * A pipeline killed hard (halted as by {@code kill -9}, or SIGKILLed) at the worst moments. Each story:
 * a clean run commits version 1; a child JVM runs version 2 and is killed; readers still see version 1,
 * complete; the next run succeeds, produces exactly what a run on a fresh database produces, and leaves
 * no physical table that no published version uses.
 */
@Tag("reliability")
class CrashIT {
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int KILLED = 137;
    private static final String CRASHED = "crashed run";
    private static final Options VERSION_1 = Options.generation(1);
    private static final Options VERSION_2 = Options.generation(2);

    @OnEachDatabase
    void killedJustBeforeThePublishCommitLeavesThePreviousVersion(TestDatabase db) {
        Committed version1 = cleanRun(db, VERSION_1);

        haltAtFailpoint(db, "before-publish-commit", VERSION_2);

        assertReadersStillSee(version1, db);
        assertFalse(PhysicalTablesState.read(db).orphans().isEmpty(),
                "the crashed run should have left staged tables for the next run to drop");
        assertNextRunRecovers(db, VERSION_2);
    }

    @OnEachDatabase
    void killedDuringABulkLoadLeavesThePreviousVersion(TestDatabase db) {
        Committed version1 = cleanRun(db, VERSION_1);
        Options bigger = VERSION_2.withRows(300_000);

        haltAtFailpoint(db, "during-bulk-load", bigger);

        assertReadersStillSee(version1, db);
        assertWriteLeftNothingUnknown(db);
        assertNextRunRecovers(db, bigger);
    }

    @OnEachDatabase
    void killedDuringALongQueryLeavesThePreviousVersion(TestDatabase db) {
        Committed version1 = cleanRun(db, VERSION_1);
        Options slow = VERSION_2.withWork(workForALongQuery(db));

        PipelineLauncher launcher = PipelineLauncher.on(db);
        try (ChildJvm crashed = launcher.start(CRASHED, slow)) {
            crashed.awaitLine(CrashPipeline.SCORES_QUERY_STARTS, PATIENCE);
            // On PostgreSQL, kill once the server runs the query: it goes on running (and commits) after the
            // JVM is gone, while the next run starts. DuckDB dies with the JVM, at most a few ms into the query.
            if (db.kind() == TestDatabase.Kind.POSTGRES) {
                new ServerSessions(db, launcher.applicationName(CRASHED)).awaitRunning("CREATE TABLE", PATIENCE);
            }
            assertEquals(KILLED, crashed.kill());
            assertFalse(crashed.output().contains(CrashPipeline.SUCCEEDED), crashed.output());
        }

        assertReadersStillSee(version1, db);
        assertWriteLeftNothingUnknown(db);
        assertNextRunRecovers(db, slow);
    }

    /** Runs the pipeline in a child JVM that halts (exit code 137, as if killed) at {@code failpoint}. */
    private static void haltAtFailpoint(TestDatabase db, String failpoint, Options options) {
        try (ChildJvm crashed = PipelineLauncher.on(db).withFailpoint(failpoint).start(CRASHED, options)) {
            assertEquals(KILLED, crashed.awaitExit(PATIENCE), crashed.output());
            assertTrue(crashed.output().contains("failpoint " + failpoint + " reached"), crashed.output());
        }
    }

    /** Rows per customer that keep the {@code scores} query busy for one to two seconds (more under load). */
    private static int workForALongQuery(TestDatabase db) {
        return db.kind() == TestDatabase.Kind.DUCKDB ? 40_000 : 25_000;
    }

    /** What a committed version looks like to readers, and the physical tables behind it. */
    private record Committed(StageContents contents, Set<String> physicalTables) {
        static Committed read(TestDatabase db) {
            return new Committed(StageContents.read(db), PhysicalTablesState.read(db).published());
        }
    }

    private static Committed cleanRun(TestDatabase db, Options options) {
        assertTrue(CrashPipeline.run(db.config(), options).successful());
        Committed committed = Committed.read(db);
        assertEquals(Set.of("raw.customers", "raw.orders", "raw.scores", "report.totals"),
                committed.contents().tables().keySet());
        return committed;
    }

    private static void assertReadersStillSee(Committed previous, TestDatabase db) {
        Committed now = Committed.read(db);
        assertEquals(previous.contents(), now.contents(), "readers see another version after the crash");
        assertEquals(previous.physicalTables(), now.physicalTables(), "the published version changed");
        NothingLost.assertCommittedIntact(db);
    }

    /**
     * A table is written and recorded as staged in one transaction: the write the crash interrupted left neither,
     * and whatever the crashed run left is recorded, for the next run to drop.
     */
    private static void assertWriteLeftNothingUnknown(TestDatabase db) {
        PhysicalTablesState physical = PhysicalTablesState.read(db);
        assertTrue(physical.orphans().values().stream().allMatch("staged"::equals), () -> "physical tables dag does "
                + "not know about after the crash: " + physical.orphans());
    }

    private static void assertNextRunRecovers(TestDatabase db, Options options) {
        Result result = CrashPipeline.run(db.config(), options);
        assertTrue(result.successful(), result.summary());
        assertEquals(StageContents.ofAFreshRun(db.kind(), options), StageContents.read(db),
                "the run after the crash differs from a run on a fresh database");
        if (db.kind() == TestDatabase.Kind.POSTGRES) {
            // a statement of the killed JVM may still run on the server; judge what it leaves once it ended
            new ServerSessions(db, PipelineLauncher.on(db).applicationName(CRASHED)).awaitNone(PATIENCE);
        }
        PhysicalTablesState physical = PhysicalTablesState.read(db);
        assertTrue(physical.orphans().values().stream().allMatch("staged"::equals), () -> "physical tables dag does "
                + "not know about: " + physical.orphans());
        assertEquals(Set.of(), physical.missing(), "published tables that do not exist");

        // a table that a killed statement created after the recovery run looked is still recorded as staged:
        // the next run of its stage drops it, so that nothing is left behind for good
        assertTrue(CrashPipeline.run(db.config(), options).successful());
        assertEquals(Map.of(), PhysicalTablesState.read(db).orphans(), "physical tables that no published version "
                + "uses (and their state in dag's metadata)");
    }
}
