package dev.dag;

import java.util.List;

/**
 * The committed outputs of a flow's tasks, read without running anything (pipedag's {@code get_output_from_store}):
 * from a {@code main}, a test or a tool. Made by {@link Flow#outputsFromStore(RunOptions)}, which plans the flow on
 * the instance: an output is there when its task would be cache-valid, i.e. its committed cache entry has the key the
 * flow as defined now gives it.
 *
 * <pre>{@code
 * StoredOutputs stored = flow.outputsFromStore(RunOptions.of(config));
 * List<Order> rows = stored.rows(flow.task("bigOrders"), Order.class);
 * TableRef table = stored.get(flow.task("bigOrders"), TableRef.class);   // the committed physical table
 * }</pre>
 *
 * <p>{@code output} is what a task call returned while the flow was defined (a {@link Table} or {@link Blob}
 * placeholder), or a {@link Task} called once, or a {@link TaskCall}, whose output is a single table or blob.
 */
public interface StoredOutputs {
    /** The flow's name. */
    String flowName();

    /** The plan these outputs were found with: for each task whether its committed output is current, and why not. */
    Plan plan();

    /**
     * A committed output: for a table, {@link TableRef} gives the committed physical table (which a later publish of
     * its stage may retire: read it before the stage runs again); for a blob, its value as {@code type}.
     *
     * @throws DefinitionException when {@code output} is not an output of this flow, its task has no committed
     *     output, or the committed one is not what the flow as defined now would produce (the message says why)
     */
    <T> T get(Object output, Class<T> type);

    /**
     * The rows of a committed output table, as records of {@code rowType} (matched by column name) or as maps
     * ({@code Map.class}).
     *
     * @throws DefinitionException as {@link #get(Object, Class)} does
     */
    <R> List<R> rows(Object output, Class<R> rowType);
}
