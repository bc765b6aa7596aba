package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Result;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that loses its stage lock while it writes the stage (PostgreSQL: its lock's session is terminated; with
 * leases: its lease runs out) cannot publish: a second run takes the stage meanwhile and publishes, the first
 * fails at its publish naming the stage and what happened, drops what it wrote, and the second run's version
 * stays. The second run leaves the first one's staged tables alone while the first is live.
 */
@Tag("reliability")
class LostLockIT {
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int LEASE_SECONDS = 3;

    @TempDir
    Path temp;

    @Test
    void runWhoseLockSessionWasTerminatedFailsAtPublishAndLeavesTheOtherRunsVersion() throws IOException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "lostSession")) {
            PipelineLauncher launcher = PipelineLauncher.on(db);
            Options first = Options.generation(1).withGate(temp.resolve("gate"));
            try (ChildJvm holder = launcher.startHolding("holder", first)) {
                int lockSession = new ServerSessions(db, launcher.applicationName("holder")).stageLockHolder();
                db.execute("SELECT pg_terminate_backend(" + lockSession + ")");

                assertSecondRunTakesTheStageAndTheFirstFailsAtPublish(db, db.config(), holder, first,
                        "advisory lock");
            }
        }
    }

    @Test
    void runWhoseLeaseRanOutFailsAtPublishAndLeavesTheOtherRunsVersion() throws IOException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "lostLease");
             ConfigContext leases = Instances.withLeases(db.config(), LEASE_SECONDS)) {
            PipelineLauncher launcher = PipelineLauncher.on(db).withLeases(LEASE_SECONDS);
            Options first = Options.generation(1).withGate(temp.resolve("gate"));
            try (ChildJvm holder = launcher.startHolding("holder", first)) {
                // as if the holder could not renew it: a lease that ran out stays lost, its run renews it no more
                db.execute("UPDATE " + db.table(db.config().metadataSchema(), "leases") + " SET expires_at = "
                        + "clock_timestamp() - INTERVAL '1 second' WHERE name LIKE 'stage:%'");

                assertSecondRunTakesTheStageAndTheFirstFailsAtPublish(db, leases, holder, first, "lease ran out");
            }
        }
    }

    @Test
    void withLeasesASecondRunWaitsAndTakesTheStageOnceAKilledHoldersLeaseRanOut() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "killedLease")) {
            PipelineLauncher launcher = PipelineLauncher.on(db).withLeases(LEASE_SECONDS).loggingInfo();
            Options heldForever = Options.generation(1).withGate(temp.resolve("never"));
            try (ChildJvm holder = launcher.startHolding("holder", heldForever);
                 ChildJvm second = launcher.start("second run", Options.generation(2))) {
                String waiting = second.awaitLine("for the stage lock", PATIENCE);
                assertTrue(waiting.contains("holds the lease stage:"), waiting);

                holder.kill();

                assertEquals(0, second.awaitExit(PATIENCE), second.output());
            }
            assertEquals(StageContents.ofAFreshRun(db.kind(), Options.generation(2)), StageContents.read(db));
            assertEquals(Map.of(), PhysicalTablesState.read(db).orphans(), "the killed holder's tables are dropped");
        }
    }

    private static void assertSecondRunTakesTheStageAndTheFirstFailsAtPublish(TestDatabase db, ConfigContext config,
            ChildJvm holder, Options first, String howItWasLost) throws IOException {
        Result second = CrashPipeline.run(config, Options.generation(2));
        assertTrue(second.successful(), second.summary());
        StageContents published = StageContents.read(db);
        Map<String, String> left = PhysicalTablesState.read(db).orphans();
        assertFalse(left.isEmpty(), "the first run, still live, keeps what it staged");
        assertTrue(left.values().stream().allMatch("staged"::equals), left.toString());

        Files.createFile(first.gate());
        assertEquals(1, holder.awaitExit(PATIENCE), holder.output());
        String failure = holder.awaitLine(CrashPipeline.FAILED, PATIENCE);
        assertTrue(failure.contains("Stage 'raw' was not published: this run lost the stage's lock"), failure);
        assertTrue(failure.contains(howItWasLost), failure);
        assertTrue(failure.contains("Run the flow again"), failure);

        assertEquals(published, StageContents.read(db), "the second run's version stays");
        assertEquals(StageContents.ofAFreshRun(db.kind(), Options.generation(2)), published);
        PhysicalTablesState physical = PhysicalTablesState.read(db);
        assertEquals(Map.of(), physical.orphans(), "the first run dropped what it staged");
        assertEquals(Set.of(), physical.missing(), "nothing committed was lost");
    }
}
