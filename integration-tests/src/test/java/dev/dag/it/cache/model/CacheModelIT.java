package dev.dag.it.cache.model;

import dev.dag.it.support.TestDatabase;
import dev.dag.it.support.gen.Gen;
import dev.dag.it.support.gen.Gens;
import dev.dag.it.support.gen.Property;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A model-based property test of the cache: random flows (2–4 stages of versioned, AUTO, lazy, imperative and
 * group tasks with constants of several kinds), compiled as a real task class, are run, edited at random (SQL,
 * constants, versions, primary keys, inputs, stages) and run again. After each run, what dag did is compared with
 * a {@link ReferenceModel} of the documented rules, and what it publishes with a clean run of the same definition
 * in a fresh database: no stale result, no needless and no missed rebuild.
 *
 * <p>The CI version is short; docs/caching.md ("How the cache is checked") gives the command of a long run and of
 * the replay of a seed.
 */
class CacheModelIT {
    /** A flow and the edits made to it, run after run. */
    record Scenario(FlowGene flow, List<EditGene> edits) {
    }

    @Test
    void onDuckDbTheCacheAgreesWithTheModelAndACleanRun() {
        ModelSettings.property("DuckDB").check(scenarios(),
                scenario -> check(TestDatabase.Kind.DUCKDB, scenario));
    }

    @Test
    void onPostgresTheCacheAgreesWithTheModelAndACleanRun() {
        SkipWithoutPostgres.unlessAvailable("CacheModelIT on PostgreSQL");
        ModelSettings.property("PostgreSQL").check(scenarios(),
                scenario -> check(TestDatabase.Kind.POSTGRES, scenario));
    }

    private static void check(TestDatabase.Kind kind, Scenario scenario) {
        ScenarioReport report = new ScenarioRunner(kind).run(scenario.flow().toFlow(), scenario.edits());
        collectStatistics(report);
        if (Boolean.getBoolean("dag.model.verbose")) {
            System.out.println(report.text());
        }
        if (!report.passed()) {
            throw new AssertionError(report.text());
        }
    }

    /** What the scenarios exercised, printed after the property: edits made, outcomes predicted. */
    private static void collectStatistics(ScenarioReport report) {
        for (Step step : report.steps()) {
            if (step.edit() != null) {
                Property.collect("edits", step.edit().getClass().getSimpleName());
            }
            step.prediction().tasks().values().forEach(expected -> Property.collect("predicted outcomes",
                    expected.outcome() + (expected.drift() ? " with code-drift warning" : "")));
        }
    }

    private static Gen<Scenario> scenarios() {
        return flows().flatMap(flow -> edits().map(edits -> new Scenario(flow, edits)));
    }

    private static Gen<FlowGene> flows() {
        Gen<FlowGene.TaskGene> task = numbers(FlowGene.TaskGene.FIELDS).map(FlowGene.TaskGene::of);
        return Gens.integers(2, 4).flatMap(stages -> task.list(2, ModelSettings.maxTasks())
                .map(tasks -> new FlowGene(stages, tasks)));
    }

    private static Gen<List<EditGene>> edits() {
        return numbers(EditGene.FIELDS).map(EditGene::of).list(1, ModelSettings.maxEdits());
    }

    private static Gen<List<Integer>> numbers(int count) {
        return Gens.integers(0, 99).list(count);
    }
}
