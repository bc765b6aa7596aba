package dev.dag.it.cache.model;

/** The kinds of task a generated flow holds; each is cached by different rules (docs/caching.md). */
enum TaskKind {
    /** {@code @Materialize(version = "n")}: reruns when version, constants or inputs change; code edits only warn. */
    VERSIONED,
    /** {@code @Materialize(version = Materialize.AUTO)}: the version is the fingerprint of the task's code. */
    AUTO,
    /** {@code @Materialize(lazy = true)} returning one SQL table: keyed by its canonical SQL. */
    LAZY,
    /** A lazy task that {@code materialize()}s one or two tables and returns a query on them. */
    IMPERATIVE,
    /** A lazy task that materializes two independent tables with {@code Dag.materialize(t1, t2)}. */
    GROUP;

    /** Whether the body always runs and each table is keyed by its SQL. */
    boolean lazy() {
        return this == LAZY || this == IMPERATIVE || this == GROUP;
    }
}
