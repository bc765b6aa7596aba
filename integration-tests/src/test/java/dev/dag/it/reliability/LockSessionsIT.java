package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On PostgreSQL a stage lock is a session advisory lock on a session outside the pool. Opening a session starts a
 * server process (tens of milliseconds), so a session whose locks were released serves the next lock, in the same
 * run and in the next; a session the server ended meanwhile is never handed out again. The test's sessions carry an
 * application name of their own, so that stage locks other processes take in the same database are not counted.
 */
@Tag("reliability")
class LockSessionsIT {
    private static final int STAGES = 3;

    @Materialize(version = "1")
    static Table numbers(int stage) {
        return Table.of("SELECT " + stage + " AS stage").name("numbers");
    }

    private static Flow flow() {
        Flow flow = new Flow("sessions");
        try (flow) {
            for (int stage = 0; stage < STAGES; stage++) {
                try (Stage s = new Stage("s" + stage)) {
                    numbers(stage);
                }
            }
        }
        return flow;
    }

    @Test
    void stageLocksOfConsecutiveStagesAndRunsShareTheirSessions() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "lockSessions");
             ConfigContext named = named(db)) {
            StageLockHolders holders = new StageLockHolders(db);

            run(db, named, holders);
            run(db, named, holders);

            assertEquals(2 * STAGES, holders.seen.size(), "a lock holder was seen at every task start");
            assertTrue(new HashSet<>(holders.seen).size() <= 2, "the six stage locks of two runs took their "
                    + "sessions from what the run before had released, but were held by backends " + holders.seen);
        }
    }

    @Test
    void aSessionTheServerEndedIsNotHandedOutAgain() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "endedSessions");
             ConfigContext named = named(db)) {
            StageLockHolders first = new StageLockHolders(db);
            run(db, named, first);
            for (int pid : new HashSet<>(first.seen)) {
                db.execute("SELECT pg_terminate_backend(" + pid + ")");
            }

            StageLockHolders second = new StageLockHolders(db);
            run(db, named, second);

            Set<Integer> reused = new HashSet<>(second.seen);
            reused.retainAll(first.seen);
            assertEquals(Set.of(), reused, "no stage lock was held by an ended backend");
        }
    }

    /** The instance of {@code db}, its sessions named {@link #applicationName} (a context of its own: close it). */
    private static ConfigContext named(TestDatabase db) {
        String url = db.config().url();
        return Instances.with(db.config(), builder -> builder.url(url + (url.contains("?") ? "&" : "?")
                + "ApplicationName=" + applicationName(db)));
    }

    /** The application name of this test's sessions, its own by the instance's random schema prefix. */
    private static String applicationName(TestDatabase db) {
        return "dag-it-" + db.config().schemaPrefix() + "lock-sessions";
    }

    private static void run(TestDatabase db, ConfigContext named, StageLockHolders holders) {
        Result result = db.run(flow(), options -> options.withConfig(named).withParallelism(1).withListener(holders));
        assertTrue(result.successful(), result.summary());
    }

    /**
     * At each task start, the backend that holds its stage's lock, among this test's sessions (one task per stage:
     * the only stage lock they hold).
     */
    private static final class StageLockHolders implements RunListener {
        private final ServerSessions sessions;
        final List<Integer> seen = new ArrayList<>();

        StageLockHolders(TestDatabase db) {
            this.sessions = new ServerSessions(db, applicationName(db));
        }

        @Override
        public void taskStarted(RunContext run, String stage, String task) {
            seen.add(sessions.stageLockHolder());
        }
    }
}
