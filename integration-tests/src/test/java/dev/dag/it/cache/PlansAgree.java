package dev.dag.it.cache;

import dev.dag.it.support.TestDatabase;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Makes every run of a cache story a check of {@code flow.plan}: each {@code db.run(...)} is planned just before it
 * runs, and the run must do what the plan said (same outcomes, reasons, tables kept and rebuilt; see
 * {@link dev.dag.it.support.PlanAgreement}). The lazy bodies the plan runs are not counted as executions.
 */
final class PlansAgree implements BeforeEachCallback, AfterEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) {
        TestDatabase.planFirst((flow, options) -> Bodies.uncounted(() -> flow.plan(options)));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        TestDatabase.planFirst(null);
    }
}
