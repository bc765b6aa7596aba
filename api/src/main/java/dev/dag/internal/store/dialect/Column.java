package dev.dag.internal.store.dialect;

/** A column of a table dag creates for in-memory rows. */
public record Column(String name, ColumnType type) {
}
