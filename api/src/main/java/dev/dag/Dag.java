package dev.dag;

import dev.dag.internal.seam.Engine;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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

    /**
     * The committed (previous) version of {@code input}, an input table of the running task produced in the task's own
     * stage, as it was before this run: the stage is published only after every task of it succeeded, so until then
     * both versions are there (pipedag's {@code input_stage_versions}). Seen like the input (a {@link TableRef}, or
     * rows of the task's {@code inputType}). Empty when the stage has no committed version of that table, and in a
     * plain call (no run). The task must declare {@code @Materialize(previousVersions = true)}, which puts the key
     * of the previous version into its cache key. A task that throws fails its stage, which is then not published:
     * a data-quality gate.
     *
     * <pre>{@code
     * @Materialize(version = "1", previousVersions = true)
     * static Table revenueCheck(Table revenue) {
     *     Optional<Table> before = Dag.previousVersion(revenue);
     *     ...
     * }
     * }</pre>
     *
     * @throws DefinitionException if the task does not declare {@code previousVersions = true}, or {@code input} is
     *     not one of its inputs from its own stage
     */
    public static Optional<Table> previousVersion(Table input) {
        Objects.requireNonNull(input, "input");
        return Engine.previousVersion(input);
    }
}
