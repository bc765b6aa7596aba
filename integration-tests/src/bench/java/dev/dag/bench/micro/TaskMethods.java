package dev.dag.bench.micro;

import dev.dag.Materialize;
import dev.dag.Table;

/**
 * Two identical methods; only {@link #annotated} is a task, so with the agent attached only it carries the
 * task advice (and the return-line report).
 */
public final class TaskMethods {
    private static final String SQL = "SELECT * FROM orders WHERE qty >= ";

    private TaskMethods() {
    }

    /** A task, called outside any flow or run. */
    @Materialize(version = "1")
    public static Table annotated(int minQty) {
        return Table.of(SQL + minQty).name("clean");
    }

    /** The same body, never instrumented. */
    public static Table plain(int minQty) {
        return Table.of(SQL + minQty).name("clean");
    }
}
