package dev.dag.junit;

import dev.dag.Result;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Assertions on a {@link Result} that read as the story of a run.
 *
 * <pre>{@code
 * assertThat(result).succeeded().ran("clean", "marts").cacheValid("load")
 *         .reasonOf("clean").contains("constant argument 'minQty' changed");
 * }</pre>
 */
public final class DagAssertions {
    private DagAssertions() {
    }

    /** Starts assertions on {@code result}. */
    public static ResultAssert assertThat(Result result) {
        return new ResultAssert(result);
    }

    /** Fluent assertions on one run's result; each method fails with the run's summary in the message. */
    public static final class ResultAssert {
        private final Result result;

        private ResultAssert(Result result) {
            this.result = result;
        }

        /** The run succeeded. */
        public ResultAssert succeeded() {
            check(result.successful(), "expected the run to succeed");
            return this;
        }

        /** The run failed. */
        public ResultAssert failed() {
            check(!result.successful(), "expected the run to fail");
            return this;
        }

        /**
         * Exactly these tasks rebuilt something (outcome RAN). Cache-valid tasks, and lazy tasks whose
         * body ran but rebuilt nothing (LAZY_CACHE_VALID), do not count.
         */
        public ResultAssert ran(String... tasks) {
            return exactly(Set.of(TaskOutcome.RAN), tasks, "ran");
        }

        /** No task rebuilt anything: every task is cache-valid or lazily cache-valid. */
        public ResultAssert ranNothing() {
            return ran();
        }

        /** These tasks (at least) were cache-valid, their body not executed. */
        public ResultAssert cacheValid(String... tasks) {
            for (String task : tasks) {
                outcome(task, TaskOutcome.CACHE_VALID);
            }
            return this;
        }

        /** The task had this outcome. */
        public ResultAssert outcome(String task, TaskOutcome expected) {
            TaskResult found = task(task);
            check(found.outcome() == expected, "expected task '" + task + "' to be " + expected + " but it was "
                    + found.outcome() + " (" + found.reason() + ")");
            return this;
        }

        /** Assertions on the reason given for a task's outcome. */
        public ReasonAssert reasonOf(String task) {
            return new ReasonAssert(this, task(task));
        }

        private ResultAssert exactly(Set<TaskOutcome> outcomes, String[] tasks, String verb) {
            Set<String> expected = new TreeSet<>(Arrays.asList(tasks));
            Set<String> actual = result.tasks().stream().filter(task -> outcomes.contains(task.outcome()))
                    .map(TaskResult::task).collect(Collectors.toCollection(TreeSet::new));
            check(expected.equals(actual), "expected exactly " + expected + " to have " + verb + ", but " + actual
                    + " did");
            return this;
        }

        private TaskResult task(String name) {
            List<TaskResult> matches = result.tasks().stream().filter(task -> task.task().equals(name)).toList();
            check(!matches.isEmpty(), "no task '" + name + "' in the run");
            return matches.get(0);
        }

        private void check(boolean condition, String message) {
            if (!condition) {
                throw new AssertionError(message + "\n" + result.summary());
            }
        }
    }

    /** Assertions on a task's reason. */
    public static final class ReasonAssert {
        private final ResultAssert parent;
        private final TaskResult task;

        private ReasonAssert(ResultAssert parent, TaskResult task) {
            this.parent = parent;
            this.task = task;
        }

        /** The reason contains {@code text}; back to the result's assertions. */
        public ResultAssert contains(String text) {
            parent.check(task.reason().contains(text), "expected the reason of '" + task.task() + "' to contain \""
                    + text + "\" but it is \"" + task.reason() + "\"");
            return parent;
        }
    }
}
