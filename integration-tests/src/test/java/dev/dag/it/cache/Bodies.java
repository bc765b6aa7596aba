package dev.dag.it.cache;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Counts how often each task body really executed. Task bodies call {@link #ran(String)} first thing;
 * a test takes the counts after each run, so it can assert exactly which bodies a rerun executed
 * (an outcome alone could be right while the body still ran). Register it on a test class with
 * {@code @ExtendWith(Bodies.class)}: every test (and every database it runs on) starts counting from zero.
 */
final class Bodies implements BeforeEachCallback {
    private static final Map<String, AtomicInteger> COUNTS = new ConcurrentHashMap<>();

    /** Called by a task body: one more execution of {@code body}. */
    static void ran(String body) {
        COUNTS.computeIfAbsent(body, name -> new AtomicInteger()).incrementAndGet();
    }

    /** The executions since the last call (body → count, sorted by name), and starts counting anew. */
    static synchronized Map<String, Integer> take() {
        Map<String, Integer> counts = new TreeMap<>();
        COUNTS.forEach((body, count) -> counts.put(body, count.get()));
        COUNTS.clear();
        return counts;
    }

    /** Runs {@code action} without counting the bodies it executes (a plan runs lazy bodies that a run counts). */
    static <T> T uncounted(Supplier<T> action) {
        Map<String, Integer> counted = take();
        try {
            return action.get();
        } finally {
            take();
            counted.forEach((body, count) -> COUNTS.computeIfAbsent(body, name -> new AtomicInteger()).addAndGet(count));
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        take();
    }
}
