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
}
