package dev.dag.internal.engine;

import dev.dag.Blob;
import dev.dag.Table;

/**
 * The engine's access to the private state of {@link Table} and {@link Blob}, which keep their binding
 * (placeholder or stored table) out of the public API. The public classes register an accessor when
 * they are initialized.
 */
public final class TableAccess {
    private static volatile Accessor tables;
    private static volatile BlobAccessor blobs;

    private TableAccess() {
    }

    /** What {@link Table} exposes to the engine. */
    public interface Accessor {
        /** The placeholder a table stands for, or null. */
        OutputPlaceholder placeholder(Table table);

        /** The stored table a table is bound to, or null. */
        StoredTable stored(Table table);

        /** A placeholder table for a task's future output. */
        Table placeholderTable(OutputPlaceholder placeholder);

        /** A table bound to a stored table, keeping primary key and indexes of {@code source} (may be null). */
        Table storedTable(Table source, StoredTable stored);
    }

    /** What {@link Blob} exposes to the engine. */
    public interface BlobAccessor {
        /** The placeholder a blob stands for, or null. */
        OutputPlaceholder placeholder(Blob blob);

        /** A placeholder blob for a task's future output. */
        Blob placeholderBlob(OutputPlaceholder placeholder);

        /** A blob holding a stored value with its cache key. */
        Blob storedBlob(String name, Object value, String cacheKey);

        /** The cache key of a stored blob, or null for a blob value. */
        String cacheKey(Blob blob);
    }

    /** Called once by {@link Table}'s static initializer. */
    public static void register(Accessor accessor) {
        tables = accessor;
    }

    /** Called once by {@link Blob}'s static initializer. */
    public static void registerBlobs(BlobAccessor accessor) {
        blobs = accessor;
    }

    static Accessor tables() {
        if (tables == null) {
            initialize(Table.class);
        }
        return tables;
    }

    static BlobAccessor blobs() {
        if (blobs == null) {
            initialize(Blob.class);
        }
        return blobs;
    }

    private static void initialize(Class<?> type) {
        try {
            Class.forName(type.getName(), true, type.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
