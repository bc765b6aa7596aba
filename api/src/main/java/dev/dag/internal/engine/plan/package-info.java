/**
 * What a plan adds to the run's steps: keys it cannot know, outputs of bodies it does not run, the plan it
 * records ({@code PlanBook}), the dry run's result. The run's strategy when it only plans ({@code engine.run.RunMode}) uses them.
 */
package dev.dag.internal.engine.plan;
