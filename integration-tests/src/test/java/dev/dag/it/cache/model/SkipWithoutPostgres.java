package dev.dag.it.cache.model;

import dev.dag.it.support.TestDatabase;
import org.junit.jupiter.api.Assumptions;

/**
 * Skips a PostgreSQL property, loudly, when no server answers, as {@code @OnEachDatabase} does for Jupiter tests;
 * under {@code CI=true} it never skips, so a missing server fails the property.
 */
final class SkipWithoutPostgres {
    private SkipWithoutPostgres() {
    }

    /** Aborts the test (reported as skipped) when PostgreSQL is unavailable. */
    static void unlessAvailable(String test) {
        String missing = TestDatabase.whyUnavailable(TestDatabase.Kind.POSTGRES);
        if (missing != null) {
            System.err.println("\n*** PostgreSQL tests SKIPPED: " + test + ": " + missing + " ***\n");
        }
        Assumptions.assumeTrue(missing == null, () -> "PostgreSQL tests SKIPPED: " + missing);
    }
}
