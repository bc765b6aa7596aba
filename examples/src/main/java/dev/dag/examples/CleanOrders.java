package dev.dag.examples;

import dev.dag.Blob;
import dev.dag.Table;

/**
 * The two outputs of {@link CleanTasks#cleanOrders}: a task returning a record of tables and blobs has
 * several outputs, each usable on its own by later tasks.
 *
 * @param orders  the valid, de-duplicated orders with their amount
 * @param quality the data-quality report (a {@link QualityReport})
 */
public record CleanOrders(Table orders, Blob quality) {
}
