package dev.dag.internal.engine.stage;

/** Hears each table a stage's new version gets: written by the run, or kept from the committed version. */
@FunctionalInterface
public interface TableObserver {
    /** Nobody hears. */
    TableObserver NONE = (task, table, rows, kept) -> { };

    /** {@code rows} is -1 when unknown. */
    void table(String task, String table, long rows, boolean kept);
}
