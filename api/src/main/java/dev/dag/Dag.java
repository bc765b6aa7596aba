package dev.dag;

import dev.dag.internal.seam.Engine;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Static helpers for task bodies.
 *
 * <pre>{@code
 * List<Table> parts = Dag.materialize(Table.of(sqlA).name("a"), Table.of(sqlB).name("b"));
 * }</pre>
 */
public final class Dag {
    private Dag() {
    }

    /**
     * Materializes tables that do not depend on each other: a change of one leaves the others
     * cache-valid. Tables materialized afterwards depend on all of them. With no run open, returns the
     * tables unchanged.
     *
     * @return the tables in the order given, bound to the stored tables
     * @throws DefinitionException if one of the tables is null (naming its position, and the task)
     */
    public static List<Table> materialize(Table... tables) {
        Objects.requireNonNull(tables, "tables");
        return Engine.materializeAll(Arrays.asList(tables)); // a null among them is refused with its position
    }

    /**
     * Like {@link #materialize(Table...)}, by name: each table is stored under its map key (unless it has a
     * name of its own) and returned under the same key, in the map's order.
     *
     * @throws DefinitionException if a key maps to null (naming the key, and the task)
     */
    public static Map<String, Table> materialize(Map<String, Table> tables) {
        Objects.requireNonNull(tables, "tables");
        return Engine.materializeAll(tables);
    }
}
