package dev.dag.it.cache.model;

import java.util.List;

/** A table as a reader sees it after a run: the physical table behind its view, its rows (sorted), its primary key. */
record PublishedTable(String physical, List<List<Object>> rows, List<String> primaryKey) {
    /** Whether a reader sees the same data and key (the physical table may differ). */
    boolean sameContent(PublishedTable other) {
        return rows.equals(other.rows) && primaryKey.equals(other.primaryKey);
    }

    @Override
    public String toString() {
        return rows + (primaryKey.isEmpty() ? "" : " key " + primaryKey);
    }
}
