package dev.dag.it.support;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Waiting for another thread of a test to reach a point, from code that cannot throw checked exceptions. */
public final class Latches {
    private static final long SECONDS = 60;

    private Latches() {
    }

    /**
     * Waits until {@code latch} opens.
     *
     * @throws IllegalStateException naming {@code what} after a minute, or when interrupted
     */
    public static void await(CountDownLatch latch, String what) {
        try {
            if (!latch.await(SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("gave up waiting for " + what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for " + what, e);
        }
    }
}
