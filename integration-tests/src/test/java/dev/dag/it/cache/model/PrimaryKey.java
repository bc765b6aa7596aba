package dev.dag.it.cache.model;

import java.util.List;

/** The primary key of a task's returned table; every generated table has unique {@code k} and non-null {@code v}. */
enum PrimaryKey {
    NONE(List.of()), K(List.of("k")), K_V(List.of("k", "v"));

    private final List<String> columns;

    PrimaryKey(List<String> columns) {
        this.columns = columns;
    }

    List<String> columns() {
        return columns;
    }

    /** The next key in a cycle: a primary-key edit always changes it. */
    PrimaryKey next(int step) {
        PrimaryKey[] all = values();
        return all[(ordinal() + 1 + Math.floorMod(step, all.length - 1)) % all.length];
    }
}
