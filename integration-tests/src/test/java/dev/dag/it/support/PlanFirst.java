package dev.dag.it.support;

import dev.dag.Flow;
import dev.dag.Plan;
import dev.dag.Result;
import dev.dag.RunOptions;

/**
 * Plans every run of {@link TestDatabase#run} just before it and checks that the run did what the plan said: set it
 * with {@link TestDatabase#planFirst(PlanFirst)} (an extension does so for the cache stories).
 */
public interface PlanFirst {
    /** The plan of a run of {@code flow} with {@code options}, made just before the run. */
    Plan plan(Flow flow, RunOptions options);

    /** Checks the run's result (of a failed run: the result its failure holds) against the plan made before it. */
    default void check(Plan plan, Result result) {
        PlanAgreement.assertAgrees(plan, result);
    }
}
