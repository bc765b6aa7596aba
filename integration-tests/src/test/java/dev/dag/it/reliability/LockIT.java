package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Result;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs on the same stage. On PostgreSQL the second waits for the first's advisory stage lock (or
 * gives up after {@code lock_timeout_seconds}); a DuckDB file refuses a second process outright. A
 * killed holder never blocks the next run.
 */
@Tag("reliability")
class LockIT {
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int KILLED = 137;

    @TempDir
    Path temp;

    @Test
    void postgresRunWaitsForTheStageLockThenReusesWhatTheFirstCommitted() throws IOException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "lockWait")) {
            PipelineLauncher launcher = PipelineLauncher.on(db).loggingInfo();
            Options held = Options.generation(1).withGate(temp.resolve("gate"));
            try (ChildJvm first = launcher.startHolding("first run", held)) {
                try (ChildJvm second = launcher.start("second run", held)) {
                    String waiting = second.awaitLine("for the stage lock", PATIENCE);
                    assertTrue(waiting.contains("stage raw: waiting up to 600 s"), waiting);
                    assertTrue(second.isAlive(), second.output());

                    Files.createFile(held.gate());
                    assertEquals(0, first.awaitExit(PATIENCE), first.output());
                    assertEquals(0, second.awaitExit(PATIENCE), second.output());
                    assertTrue(second.output().contains(CrashPipeline.OUTCOME + "orders CACHE_VALID"), second.output());
                    assertTrue(second.output().contains(CrashPipeline.OUTCOME + "holdStage CACHE_VALID"),
                            second.output());
                }
            }
        }
    }

    @Test
    void postgresRunGivesUpAfterTheLockTimeoutNamingTheStage() throws IOException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "lockTimeout")) {
            PipelineLauncher launcher = PipelineLauncher.on(db).loggingInfo();
            Options held = Options.generation(1).withGate(temp.resolve("gate"));
            try (ChildJvm first = launcher.startHolding("first run", held)) {
                try (ChildJvm impatient = launcher.withLockTimeout(2).start("impatient run", held)) {
                    assertEquals(1, impatient.awaitExit(PATIENCE), impatient.output());
                    String failure = impatient.awaitLine(CrashPipeline.FAILED, PATIENCE);
                    assertTrue(failure.contains("Stage 'raw' is being written by another run"), failure);
                    assertTrue(failure.contains("after 2 s (lock_timeout_seconds)"), failure);
                }
                assertTrue(first.isAlive(), first.output());
                Files.createFile(held.gate());
                assertEquals(0, first.awaitExit(PATIENCE), first.output());
            }
        }
    }

    @Test
    void duckDbFileRefusesASecondProcessWithAClearError() throws IOException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.DUCKDB, "lockRefused")) {
            PipelineLauncher launcher = PipelineLauncher.on(db);
            Options held = Options.generation(1).withGate(temp.resolve("gate"));
            try (ChildJvm first = launcher.startHolding("first run", held)) {
                try (ChildJvm second = launcher.start("second run", Options.generation(2))) {
                    assertEquals(1, second.awaitExit(PATIENCE), second.output());
                    String failure = second.awaitLine(CrashPipeline.FAILED, PATIENCE);
                    assertTrue(failure.contains("Cannot connect to the table store"), failure);
                    assertTrue(failure.contains("lock"), failure);
                }
                Files.createFile(held.gate());
                assertEquals(0, first.awaitExit(PATIENCE), first.output());
            }
            assertEquals(StageContents.ofAFreshRun(TestDatabase.Kind.DUCKDB, held), StageContents.read(db));
        }
    }

    @OnEachDatabase
    void killedHolderReleasesTheStageAtOnce(TestDatabase db) {
        PipelineLauncher launcher = PipelineLauncher.on(db);
        Options heldForever = Options.generation(1).withGate(temp.resolve("never"));
        try (ChildJvm holder = launcher.startHolding("holder", heldForever)) {
            if (db.kind() == TestDatabase.Kind.POSTGRES) {
                ServerSessions sessions = new ServerSessions(db, launcher.applicationName("holder"));
                assertEquals(1, sessions.stageLocks(), "the holder's advisory stage lock");
                assertEquals(1, sessions.runPresences(), "the advisory lock that marks the holder's run live");
                assertEquals(KILLED, holder.kill());
                Duration gone = sessions.awaitNone(Duration.ofSeconds(10));
                System.out.println("PostgreSQL ended the killed holder's sessions " + gone.toMillis() + " ms after its "
                        + "JVM was gone");
            } else {
                assertEquals(KILLED, holder.kill());
            }
        }

        // a lock timeout of 0: the next run fails unless it gets the stage lock on its first try
        try (ConfigContext impatient = Instances.with(db.config(), builder -> builder.lockTimeoutSeconds(0))) {
            Result next = CrashPipeline.run(impatient, Options.generation(2));
            assertTrue(next.successful(), next.summary());
        }
        assertEquals(StageContents.ofAFreshRun(db.kind(), Options.generation(2)), StageContents.read(db));
        NothingLost.assertIntactAndClean(db);
    }
}
