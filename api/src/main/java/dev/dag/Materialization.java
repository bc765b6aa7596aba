package dev.dag;

/**
 * A table a task wrote or kept, as {@link RunListener#tableMaterialized} reports it.
 *
 * @param stage the table's stage
 * @param task  the task that produced it
 * @param table the table's name in its stage
 * @param rows  the table's rows (-1 when the database did not say)
 * @param kept  true when the stored table was unchanged and kept without executing anything (a cache-valid
 *              task, or an unchanged table of a lazy task); false when it was written by this run
 * @param sql   the query the task gave for the table, as it gave it; null when the table came from rows or a
 *              reference, or when the task was cache-valid (its body did not run)
 */
public record Materialization(String stage, String task, String table, long rows, boolean kept, String sql) {
}
