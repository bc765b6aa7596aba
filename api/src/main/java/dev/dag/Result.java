package dev.dag;

import java.util.List;
import java.util.Optional;

/**
 * What a run did: per task its outcome, reason, time and rows, and access to the outputs.
 *
 * <pre>{@code
 * Result result = flow.run();
 * System.out.println(result.summary());
 * TableRef marts = result.get(martsTable, TableRef.class);
 * List<Order> rows = result.rows(cleanTable, Order.class);
 * }</pre>
 */
public interface Result {
    /** The flow's name. */
    String flowName();

    /** The run's id, as stored in the metadata. */
    String runId();

    /** Whether every task ran or was cache-valid and every stage was committed. */
    boolean successful();

    /** Every task of the flow, in execution order. */
    List<TaskResult> tasks();

    /** The result of the task with this name (the first one, if the name occurs in several stages). */
    Optional<TaskResult> task(String name);

    /** Wall time of the whole run, in milliseconds. */
    long millis();

    /**
     * An output of the run. {@code output} is the placeholder a task call returned while the flow was
     * defined. {@code type} is {@link TableRef} for a table (the published, qualified name) or the
     * value's class for a blob.
     *
     * @throws DefinitionException if {@code output} is not an output of this flow, or the type does not fit
     */
    <T> T get(Object output, Class<T> type);

    /**
     * The rows of an output table, as records of {@code rowType} (matched by column name) or as maps
     * ({@code Map.class}). Reads the whole table: use {@link #get(Object, Class)} with
     * {@link TableRef} for large tables.
     */
    <R> List<R> rows(Object output, Class<R> rowType);

    /**
     * What dag warns about the run as a whole, each with the fix: a {@code tasks:} entry of the agent's config that
     * matched no method, a task method called on a thread the run does not reach (it ran as plain Java). A task's
     * own warnings are in {@link TaskResult#warnings()}. Both are listed at the end of {@link #summary()}.
     */
    List<String> warnings();

    /** A readable table of stages and tasks with outcome, reason, rows and milliseconds, then the warnings. */
    String summary();

    /**
     * Writes the run's report to {@code file}: one self-contained HTML page (no network access needed) with the flow
     * as a graph (stages as groups, tasks coloured by outcome, arrows from inputs), each task's reason, rows and time,
     * its tables with their SQL and call sites, and the run's metadata. The same report can be written later for
     * any stored run with {@code dag report RUN}. For a dry run, the plan's report.
     *
     * <pre>{@code flow.run(options).writeReport(Path.of("target/dag-report.html"));}</pre>
     *
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    void writeReport(java.nio.file.Path file);

    /**
     * The plan, when this is the result of a dry run ({@link RunOptions#dryRun()}), which wrote nothing: its
     * {@link #tasks()} are empty and its {@link #summary()} is the plan's.
     */
    default Optional<Plan> plan() {
        return Optional.empty();
    }
}
