package dev.dag.it.cache.model;

import dev.dag.it.support.TestDatabase;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AddLifecycleHook;

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
    @Property(tries = 10)
    @AddLifecycleHook(ModelSettings.class)
    void onDuckDbTheCacheAgreesWithTheModelAndACleanRun(@ForAll("flows") FlowGene flow,
                                                         @ForAll("edits") List<EditGene> edits) {
        check(TestDatabase.Kind.DUCKDB, flow, edits);
    }

    @Property(tries = 10)
    @AddLifecycleHook(ModelSettings.class)
    @AddLifecycleHook(SkipWithoutPostgres.class)
    void onPostgresTheCacheAgreesWithTheModelAndACleanRun(@ForAll("flows") FlowGene flow,
                                                           @ForAll("edits") List<EditGene> edits) {
        check(TestDatabase.Kind.POSTGRES, flow, edits);
    }

    private static void check(TestDatabase.Kind kind, FlowGene flow, List<EditGene> edits) {
        ScenarioReport report = new ScenarioRunner(kind).run(flow.toFlow(), edits);
        collectStatistics(report);
        if (Boolean.getBoolean("dag.model.verbose")) {
            System.out.println(report.text());
        }
        if (!report.passed()) {
            throw new AssertionError(report.text());
        }
    }

    /** What the scenarios exercised, printed by jqwik after the property: edits made, outcomes predicted. */
    private static void collectStatistics(ScenarioReport report) {
        for (Step step : report.steps()) {
            if (step.edit() != null) {
                Statistics.label("edits").collect(step.edit().getClass().getSimpleName());
            }
            step.prediction().tasks().values().forEach(expected -> Statistics.label("predicted outcomes")
                    .collect(expected.outcome() + (expected.drift() ? " with code-drift warning" : "")));
        }
    }

    @Provide
    Arbitrary<FlowGene> flows() {
        Arbitrary<FlowGene.TaskGene> task = numbers(FlowGene.TaskGene.FIELDS).map(FlowGene.TaskGene::of);
        return Combinators.combine(Arbitraries.integers().between(2, 4),
                task.list().ofMinSize(2).ofMaxSize(ModelSettings.maxTasks())).as(FlowGene::new);
    }

    @Provide
    Arbitrary<List<EditGene>> edits() {
        return numbers(EditGene.FIELDS).map(EditGene::of).list().ofMinSize(1).ofMaxSize(ModelSettings.maxEdits());
    }

    private static Arbitrary<List<Integer>> numbers(int count) {
        return Arbitraries.integers().between(0, 99).list().ofSize(count);
    }
}
