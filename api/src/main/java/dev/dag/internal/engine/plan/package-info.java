/**
 * What a plan adds to the run's steps: keys it cannot know, outputs of bodies it does not run, the plan it
 * records ({@code PlanBook}), the dry run's result; {@code PlanMode}, the run's strategy when it only plans.
 */
package dev.dag.internal.engine.plan;
