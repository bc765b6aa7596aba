package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.fail;

import dev.dag.it.support.TestDatabase;
import java.time.Duration;

/**
 * The PostgreSQL sessions of one child JVM, found by their application name (see
 * {@link PipelineLauncher#applicationName(String)}).
 */
record ServerSessions(TestDatabase db, String applicationName) {

    /** How many sessions the child has open on the server. */
    long count() {
        return ((Number) db.value("SELECT count(*) FROM pg_stat_activity WHERE application_name = '"
                + applicationName + "'")).longValue();
    }

    /** How many stage locks the child's sessions hold (advisory locks with one 64-bit key). */
    long stageLocks() {
        return advisoryLocks(1);
    }

    /** How many runs of the child are marked live (advisory locks with two 32-bit keys). */
    long runPresences() {
        return advisoryLocks(2);
    }

    private long advisoryLocks(int keyForm) {
        return ((Number) db.value("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                + "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = " + keyForm
                + " AND a.application_name = '" + applicationName + "'")).longValue();
    }

    /** The backend pid of the child's session that holds a stage lock. */
    int stageLockHolder() {
        return ((Number) db.value("SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                + "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 AND a.application_name = '"
                + applicationName + "'")).intValue();
    }

    /** Polls until one of the child's sessions runs a statement that starts with {@code prefix}. */
    void awaitRunning(String prefix, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (((Number) db.value("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + applicationName
                + "' AND state = 'active' AND query LIKE '" + prefix + "%'")).longValue() == 0) {
            if (System.nanoTime() > deadline) {
                fail("no session of " + applicationName + " ran '" + prefix + "...' within " + timeout);
            }
            pause();
        }
    }

    /** Polls until the server has ended every session of the child; returns how long that took. */
    Duration awaitNone(Duration timeout) {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        while (count() > 0) {
            if (System.nanoTime() > deadline) {
                fail("the server still runs " + count() + " session(s) of " + applicationName + " after " + timeout);
            }
            pause();
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
