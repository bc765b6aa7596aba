package dev.dag.internal.store.dialect.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The sessions a run let go of: the next lock takes one back and releases it in its own round trip; the timer
 * releases the rest; and a lock that comes while the timer is releasing waits for it, so that it reuses the released
 * session instead of opening another.
 */
class LetGoSessionsTest {
    private static Connection session() {
        return (Connection) Proxy.newProxyInstance(LetGoSessionsTest.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> null);
    }

    @Test
    void theNextLockTakesTheSessionLetGoOf() throws Exception {
        LetGoSessions sessions = new LetGoSessions((session, connections) -> { });
        Connection session = session();

        sessions.letGo(session, null);

        assertSame(session, sessions.take());
        assertNull(sessions.take(), "taken once");
    }

    @Test
    void aLockThatComesWhileTheTimerReleasesWaitsUntilTheSessionIsBack() throws Exception {
        CountDownLatch releasing = new CountDownLatch(1);
        CountDownLatch mayFinish = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        LetGoSessions sessions = new LetGoSessions((session, connections) -> {
            releasing.countDown();
            try {
                mayFinish.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            released.countDown(); // the session is back for reuse
        });
        sessions.letGo(session(), null);
        assertTrue(releasing.await(30, TimeUnit.SECONDS), "the timer started releasing");

        CompletableFuture<Connection> nextLock = CompletableFuture.supplyAsync(() -> {
            try {
                Connection taken = sessions.take();
                assertEquals(0, released.getCount(), "took nothing before the timer gave the session back");
                return taken;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100); // time enough for a take that does not wait to return
        assertFalse(nextLock.isDone(), "the next lock waits while the timer releases");

        mayFinish.countDown();
        assertNull(nextLock.get(30, TimeUnit.SECONDS), "nothing left to take: the session is back for reuse");
    }
}
