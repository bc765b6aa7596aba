package dev.dag.it.cache.model;

import dev.dag.it.support.TestDatabase;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * Skips a PostgreSQL property, loudly, when no server answers, as {@code @OnEachDatabase} does for Jupiter tests;
 * under {@code CI=true} it never skips, so a missing server fails the property.
 */
public final class SkipWithoutPostgres implements SkipExecutionHook {
    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        String missing = TestDatabase.whyUnavailable(TestDatabase.Kind.POSTGRES);
        if (missing == null) {
            return SkipResult.doNotSkip();
        }
        System.err.println("\n*** PostgreSQL tests SKIPPED: " + context.label() + ": " + missing + " ***\n");
        return SkipResult.skip("PostgreSQL tests SKIPPED: " + missing);
    }
}
