package dev.dag;

import dev.dag.internal.seam.Engine;
import java.util.Objects;

/**
 * Debugging aids for task bodies. They mark the running task as debug-tainted: the run fails after the
 * task, saying why, and nothing the task produced is committed, so a debugging session never leaves a
 * trusted cache entry behind.
 */
public final class Debug {
    private Debug() {
    }

    /**
     * Writes {@code table} for inspection into the debug schema {@code dag_debug} (after the instance's
     * schema prefix), as {@code <stage>__<name><suffix>}, and returns it bound to that table. Options:
     * {@link MaterializeOptions#nameSuffix(String)}, {@link MaterializeOptions#dropIfExists()}. With no run
     * open, does nothing and returns the table.
     */
    public static Table materializeTable(Table table, MaterializeOptions options) {
        Objects.requireNonNull(table, "table");
        return Engine.debug(table, Objects.requireNonNull(options, "options"));
    }

    /** {@link #materializeTable(Table, MaterializeOptions)} with default options. */
    public static Table materializeTable(Table table) {
        return materializeTable(table, MaterializeOptions.defaults());
    }
}
