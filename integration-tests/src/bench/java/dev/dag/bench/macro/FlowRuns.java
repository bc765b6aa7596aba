package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import java.util.EnumMap;
import java.util.Map;

/**
 * Runs a flow and checks that its tasks did what the scenario measures (a benchmark of a cache-valid rerun
 * that silently rebuilt would be worthless).
 */
final class FlowRuns {
    private FlowRuns() {
    }

    /** Runs {@code flow} and returns its result. */
    static Result run(Flow flow, BenchDatabase database) {
        return flow.run(options(database));
    }

    /** The options of every run of the harness: the database's instance, everything else as a user gets it. */
    static RunOptions options(BenchDatabase database) {
        return RunOptions.of(database.config());
    }

    /** How many tasks had each outcome. */
    static Map<TaskOutcome, Integer> outcomes(Result result) {
        Map<TaskOutcome, Integer> counts = new EnumMap<>(TaskOutcome.class);
        for (TaskResult task : result.tasks()) {
            counts.merge(task.outcome(), 1, Integer::sum);
        }
        return counts;
    }

    /**
     * @throws IllegalStateException unless the run has {@code count} tasks, each {@code RAN} or {@code CACHE_VALID}
     *     (a flow brought up to date whatever the instance held before)
     */
    static void expectUpToDate(Result result, int count) {
        Map<TaskOutcome, Integer> outcomes = outcomes(result);
        int upToDate = outcomes.getOrDefault(TaskOutcome.RAN, 0) + outcomes.getOrDefault(TaskOutcome.CACHE_VALID, 0);
        if (upToDate != count || result.tasks().size() != count) {
            throw new IllegalStateException("expected " + count + " task(s) RAN or CACHE_VALID in flow '"
                    + result.flowName() + "', got " + outcomes + ":\n" + result.summary());
        }
    }

    /**
     * @throws IllegalStateException unless exactly {@code count} tasks had {@code outcome}
     */
    static void expect(Result result, TaskOutcome outcome, int count) {
        int actual = outcomes(result).getOrDefault(outcome, 0);
        if (actual != count) {
            throw new IllegalStateException("expected " + count + " task(s) " + outcome + " in flow '"
                    + result.flowName() + "', got " + outcomes(result) + ":\n" + result.summary());
        }
    }
}
