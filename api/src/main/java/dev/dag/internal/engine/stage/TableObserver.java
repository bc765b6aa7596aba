package dev.dag.internal.engine.stage;

/** Hears each table a stage's new version gets: written by the run, or kept from the committed version. */
@FunctionalInterface
public interface TableObserver {
    /** Nobody hears. */
    TableObserver NONE = (task, table, rows, kept, sql) -> { };

    /** {@code rows} is -1 when unknown; {@code sql} is the task's query, or null when not given as SQL. */
    void table(String task, String table, long rows, boolean kept, String sql);
}
