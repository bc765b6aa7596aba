package dev.dag.internal.store.dialect.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class InProcessCoordinationTest {
    private static final Coordination COORDINATION = InProcessCoordination.INSTANCE;
    private static final Connections NO_CONNECTIONS = new Connections() {
        @Override
        public Connection pooled() {
            throw new AssertionError("an in-process lock needs no connection to be taken");
        }

        @Override
        public Connection session() {
            throw new AssertionError("an in-process lock needs no connection to be taken");
        }

        @Override
        public Connection newSession() {
            throw new AssertionError("an in-process lock needs no connection to be taken");
        }

        @Override
        public void release(Connection session) {
            throw new AssertionError("an in-process lock takes no session to give back");
        }
    };

    @Test
    void aRunIsLiveFromJoiningUntilItsPresenceCloses() throws Exception {
        Presence presence = COORDINATION.join("run-a", NO_CONNECTIONS);

        assertEquals(Set.of("run-a"), COORDINATION.live(null, List.of("run-a", "run-of-a-dead-process")));
        presence.close();
        assertEquals(Set.of(), COORDINATION.live(null, List.of("run-a")));
    }

    @Test
    void aSecondRunWaitsForTheStageAndGetsItOnceReleasedEvenOnAnotherThread() throws Exception {
        List<String> waiting = new ArrayList<>();
        StageLock first = COORDINATION.lock("run-a", "meta/stage-x", NO_CONNECTIONS, Duration.ZERO, waiting::add);

        assertNull(COORDINATION.lock("run-b", "meta/stage-x", NO_CONNECTIONS, Duration.ofMillis(50), waiting::add));
        assertEquals(1, waiting.size(), "the second run says what it waits for");
        CompletableFuture.runAsync(first::close).get();
        StageLock second = COORDINATION.lock("run-b", "meta/stage-x", NO_CONNECTIONS, Duration.ZERO, waiting::add);
        assertNotNull(second);

        second.close();
        second.close(); // a second release does not free the stage for two runs at once
        assertNotNull(COORDINATION.lock("run-c", "meta/stage-x", NO_CONNECTIONS, Duration.ZERO, waiting::add));
        assertNull(COORDINATION.lock("run-d", "meta/stage-x", NO_CONNECTIONS, Duration.ZERO, waiting::add));
    }

    @Test
    void aMarkTakenWhileTheLockIsFreeHoldsUntilAnotherRunTakesIt() throws Exception {
        long mark = COORDINATION.freeMark("marked/alone").orElseThrow();
        try (StageLock lock = COORDINATION.lock("run-a", "marked/alone", NO_CONNECTIONS, Duration.ZERO, holder -> { })) {
            assertTrue(lock.firstSince(mark), "no other run took the lock between the mark and this run");
        }
    }

    @Test
    void aRunThatTookTheLockAfterTheMarkVoidsIt() throws Exception {
        long mark = COORDINATION.freeMark("marked/taken").orElseThrow();
        COORDINATION.lock("run-b", "marked/taken", NO_CONNECTIONS, Duration.ZERO, holder -> { }).close();
        try (StageLock lock = COORDINATION.lock("run-a", "marked/taken", NO_CONNECTIONS, Duration.ZERO, holder -> { })) {
            assertFalse(lock.firstSince(mark), "run-b took the lock in between and may have published");
        }
    }

    @Test
    void noMarkWhileAnotherRunHoldsTheLock() throws Exception {
        try (StageLock held = COORDINATION.lock("run-b", "marked/held", NO_CONNECTIONS, Duration.ZERO, holder -> { })) {
            assertTrue(COORDINATION.freeMark("marked/held").isEmpty(), "the holder may still publish after a mark");
        }
    }
}
