package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * run and in the next; a session the server ended meanwhile is never handed out again.
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
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "lockSessions")) {
            StageLockHolders holders = new StageLockHolders(db);

            run(db, holders);
            run(db, holders);

            assertEquals(2 * STAGES, holders.seen.size(), "a lock holder was seen at every task start");
            assertTrue(new HashSet<>(holders.seen).size() <= 2, "the six stage locks of two runs took their "
                    + "sessions from what the run before had released, but were held by backends " + holders.seen);
        }
    }

    @Test
    void aSessionTheServerEndedIsNotHandedOutAgain() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "endedSessions")) {
            StageLockHolders first = new StageLockHolders(db);
            run(db, first);
            for (int pid : new HashSet<>(first.seen)) {
                db.execute("SELECT pg_terminate_backend(" + pid + ")");
            }

            StageLockHolders second = new StageLockHolders(db);
            run(db, second);

            Set<Integer> reused = new HashSet<>(second.seen);
            reused.retainAll(first.seen);
            assertEquals(Set.of(), reused, "no stage lock was held by an ended backend");
        }
    }

    private static void run(TestDatabase db, StageLockHolders holders) {
        Result result = db.run(flow(), options -> options.withParallelism(1).withListener(holders));
        assertTrue(result.successful(), result.summary());
    }

    /** At each task start, the backend that holds its stage's lock (one task per stage: the only stage lock held). */
    private static final class StageLockHolders implements RunListener {
        private final TestDatabase db;
        final List<Integer> seen = new ArrayList<>();

        StageLockHolders(TestDatabase db) {
            this.db = db;
        }

        @Override
        public void taskStarted(RunContext run, String stage, String task) {
            seen.add(((Number) db.value("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                    + "AND objsubid = 1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"))
                    .intValue());
        }
    }
}
