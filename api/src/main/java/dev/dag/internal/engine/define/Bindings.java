package dev.dag.internal.engine.define;

import dev.dag.Blob;
import dev.dag.Table;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.seam.TableAccess;

/**
 * What a {@link Table} or {@link Blob} is bound to, in the engine's own types: a placeholder while a flow
 * is defined, a stored table once a run wrote it.
 */
public final class Bindings {
    private Bindings() {
    }

    /** The placeholder a table stands for, or null. */
    public static OutputPlaceholder placeholder(Table table) {
        return (OutputPlaceholder) TableAccess.tables().placeholder(table);
    }

    /** The placeholder a blob stands for, or null. */
    public static OutputPlaceholder placeholder(Blob blob) {
        return (OutputPlaceholder) TableAccess.blobs().placeholder(blob);
    }

    /** The stored table a table is bound to, or null. */
    public static StoredTable stored(Table table) {
        return (StoredTable) TableAccess.tables().stored(table);
    }

    /** A placeholder table for a task's future output. */
    public static Table placeholderTable(OutputPlaceholder placeholder) {
        return TableAccess.tables().placeholderTable(placeholder);
    }

    /** A placeholder blob for a task's future output. */
    public static Blob placeholderBlob(OutputPlaceholder placeholder) {
        return TableAccess.blobs().placeholderBlob(placeholder);
    }

    /** A table bound to {@code stored}, keeping primary key and indexes of {@code source} (may be null). */
    public static Table storedTable(Table source, StoredTable stored) {
        return TableAccess.tables().storedTable(source, stored);
    }

    /** A blob holding a stored value with its cache key. */
    public static Blob storedBlob(String name, Object value, String cacheKey) {
        return TableAccess.blobs().storedBlob(name, value, cacheKey);
    }

    /** The cache key of a stored blob, or null for a blob value. */
    public static String cacheKey(Blob blob) {
        return TableAccess.blobs().cacheKey(blob);
    }
}
