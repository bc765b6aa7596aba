package dev.dag.internal.store.dialect.postgres;

import dev.dag.internal.store.dialect.lock.Connections;
import java.sql.Connection;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Sessions whose stage lock a run let go of, still holding it on the server for a moment: the next stage lock taken
 * on one releases it with the same round trip (a run takes one stage's lock right after it lets go of the
 * previous), and what no lock takes within {@link #RELEASE_AFTER_MILLIS} is released then. Holding a lock a few
 * milliseconds longer only makes another run wait that much longer; it never lets two runs write a stage at once.
 */
final class LetGoSessions {
    static final long RELEASE_AFTER_MILLIS = 10;
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "dag-lock-release");
        thread.setDaemon(true);
        return thread;
    });

    private record LetGo(Connection session, Connections connections) {
    }

    /** Releases the locks of a session and gives it back for reuse (or closes it). */
    interface Releaser {
        void release(Connection session, Connections connections);
    }

    private final Releaser releaser;
    private final Deque<LetGo> letGo = new ArrayDeque<>();
    /** Sessions the timer took and has not given back yet: a lock waits for them rather than open a new one. */
    private int releasing;

    LetGoSessions(Releaser releaser) {
        this.releaser = releaser;
    }

    /** Lets go of every lock on {@code session}: released by the next lock taken on it, or soon. */
    void letGo(Connection session, Connections connections) {
        synchronized (this) {
            letGo.push(new LetGo(session, connections));
        }
        TIMER.schedule(this::releaseAll, RELEASE_AFTER_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * A session let go of, whose locks the caller's next statement must release first; null when none waits. While
     * the timer is releasing sessions, waits for it (one round trip): the sessions are then back for reuse, and the
     * caller takes one of them instead of opening another.
     */
    synchronized Connection take() throws InterruptedException {
        while (releasing > 0) {
            wait();
        }
        LetGo next = letGo.poll();
        return next == null ? null : next.session();
    }

    private void releaseAll() {
        List<LetGo> due;
        synchronized (this) {
            due = new ArrayList<>(letGo);
            letGo.clear();
            releasing += due.size();
        }
        for (LetGo waiting : due) {
            try {
                releaser.release(waiting.session(), waiting.connections());
            } finally {
                synchronized (this) {
                    releasing--;
                    notifyAll();
                }
            }
        }
    }
}
