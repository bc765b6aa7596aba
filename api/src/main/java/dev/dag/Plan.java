package dev.dag;

import java.util.List;
import java.util.Optional;

/**
 * What a run would do, found without writing anything: for every task whether it would run and why (the reasons
 * a run gives), and which tables of each stage it would keep or rebuild.
 *
 * <pre>{@code
 * Plan plan = flow.plan(RunOptions.of(config));
 * System.out.println(plan.summary());
 * if (plan.tasks().stream().anyMatch(task -> task.decision() == PlannedTask.Decision.RUN)) { ... }
 * }</pre>
 *
 * A task with a version is predicted from its key; a lazy task's body runs, with every {@code materialize()}
 * computing its table's key without executing SQL, so the plan is exact for it too. What cannot be known before
 * running is {@link PlannedTask.Decision#UNKNOWN}, never guessed. See {@link Flow#plan(RunOptions)}.
 */
public interface Plan {
    /** The flow's name. */
    String flowName();

    /** The instance the plan looked at. */
    String instance();

    /** Every task of the flow, in the order a run would take them. */
    List<PlannedTask> tasks();

    /** The plan of the task with this name (the first one, if the name occurs in several stages). */
    Optional<PlannedTask> task(String name);

    /** The tasks with this decision, in order. */
    default List<PlannedTask> tasks(PlannedTask.Decision decision) {
        return tasks().stream().filter(task -> task.decision() == decision).toList();
    }

    /** A readable table of stages and tasks with decision and reason, then the tables each stage keeps or rebuilds. */
    String summary();

    /**
     * Writes the plan as a self-contained HTML page, like a run's report ({@link Result#writeReport}): the graph with
     * each task coloured by its decision, its reason, and the tables it would keep or rebuild.
     *
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    void writeReport(java.nio.file.Path file);
}
