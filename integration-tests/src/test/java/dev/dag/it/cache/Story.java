package dev.dag.it.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Steps and assertions of the cache stories: "run, change one thing, run again, assert exactly which task
 * bodies executed". Task bodies report their executions to {@link Bodies}.
 */
final class Story {
    private Story() {
    }

    /** Runs {@code flow} on {@code db} to fill the cache; the bodies it executed are not counted. */
    static Result firstRun(TestDatabase db, Flow flow) {
        Result result = db.run(flow);
        Bodies.take();
        return result;
    }

    /** Runs {@code flow}, which must fail; returns the failure (its result holds the outcomes). */
    static DagException failingRun(TestDatabase db, Flow flow, UnaryOperator<RunOptions> options) {
        return assertThrows(DagException.class, () -> db.run(flow, options), "the run should fail");
    }

    /** Asserts that exactly these bodies executed since the last check (a name twice: it ran twice). */
    static void assertExecuted(String... bodies) {
        Map<String, Integer> expected = new TreeMap<>();
        for (String body : bodies) {
            expected.merge(body, 1, Integer::sum);
        }
        assertEquals(expected, Bodies.take(), "task bodies executed (name → times)");
    }

    /**
     * After a failing run: asserts that exactly these bodies executed, up to the failure. With several tasks at once
     * (the suite's {@code dag.it.parallelism}), tasks after the failure in definition order may have started before
     * it happened (their work is thrown away with their stages): then these bodies must be among those executed.
     */
    static void assertExecutedUpToTheFailure(String... bodies) {
        if (TestDatabase.suiteParallelism() == 1) {
            assertExecuted(bodies);
            return;
        }
        Map<String, Integer> executed = Bodies.take();
        for (String body : bodies) {
            assertTrue(executed.containsKey(body), () -> body + " executed; executed: " + executed);
        }
    }

    /**
     * After a failing run: asserts that {@code task}, after the failure in definition order, was skipped; with
     * several tasks at once it may also have run to its end before the failure happened (its stage is not
     * committed either way).
     */
    static void assertSkippedAfterTheFailure(Result result, String task) {
        TaskResult found = task(result, task);
        if (TestDatabase.suiteParallelism() > 1 && found.outcome() == TaskOutcome.RAN) {
            return;
        }
        assertOutcome(found, TaskOutcome.SKIPPED, "");
    }

    /** The result of {@code task} in {@code stage}; fails when there is none or more than one. */
    static TaskResult task(Result result, String stage, String task) {
        List<TaskResult> found = result.tasks().stream()
                .filter(candidate -> candidate.stage().equals(stage) && candidate.task().equals(task)).toList();
        assertEquals(1, found.size(), () -> "results of task " + task + " in stage " + stage + ": " + found);
        return found.get(0);
    }

    /** The result of {@code task}, which must occur once in the whole run. */
    static TaskResult task(Result result, String task) {
        List<TaskResult> found = result.tasks().stream().filter(candidate -> candidate.task().equals(task)).toList();
        assertEquals(1, found.size(), () -> "results of task " + task + ": " + found);
        return found.get(0);
    }

    /** Asserts the outcome of {@code task} and that its reason contains {@code reasonPart}. */
    static void assertOutcome(Result result, String task, TaskOutcome outcome, String reasonPart) {
        assertOutcome(task(result, task), outcome, reasonPart);
    }

    /** Asserts the outcome of {@code task} in {@code stage} and that its reason contains {@code reasonPart}. */
    static void assertOutcome(Result result, String stage, String task, TaskOutcome outcome, String reasonPart) {
        assertOutcome(task(result, stage, task), outcome, reasonPart);
    }

    /** Asserts the outcome of one task result and that its reason contains {@code reasonPart}. */
    static void assertOutcome(TaskResult task, TaskOutcome outcome, String reasonPart) {
        assertEquals(outcome, task.outcome(), () -> "outcome of " + task.stage() + "." + task.task() + " (reason: "
                + task.reason() + ")");
        assertNotNull(task.reason(), () -> "reason of " + task.task());
        assertTrue(task.reason().contains(reasonPart), () -> "reason of " + task.stage() + "." + task.task()
                + " should contain '" + reasonPart + "' but is '" + task.reason() + "'");
    }
}
