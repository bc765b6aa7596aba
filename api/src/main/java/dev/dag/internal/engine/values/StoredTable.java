package dev.dag.internal.engine.values;

import dev.dag.TableRef;
import dev.dag.internal.seam.TableAccess;
import java.util.function.Supplier;

/**
 * A table stored by a run or carried over from an earlier one: its stage and logical name, the
 * immutable physical table holding the rows, its cache key, and the content a consuming task sees
 * through {@code obj()} (read lazily, at most once).
 */
public final class StoredTable implements TableAccess.Stored {
    private final String stage;
    private final String tableName;
    private final TableRef ref;
    private final long rows;
    private final String cacheKey;
    private final Supplier<Object> contentReader;
    private final boolean written;
    private final String query;
    private Object content;
    private boolean read;

    public StoredTable(String stage, String tableName, TableRef ref, long rows, String cacheKey,
                       Supplier<Object> contentReader) {
        this(stage, tableName, ref, rows, cacheKey, contentReader, true, null);
    }

    private StoredTable(String stage, String tableName, TableRef ref, long rows, String cacheKey,
                        Supplier<Object> contentReader, boolean written, String query) {
        this.stage = stage;
        this.tableName = tableName;
        this.ref = ref;
        this.rows = rows;
        this.cacheKey = cacheKey;
        this.contentReader = contentReader;
        this.written = written;
        this.query = query;
    }

    /**
     * A table a plan expects a run to write (rows unknown, the physical table not there): its reference and key
     * are what the run would give consumers, reading its rows is {@link NotYetWritten}.
     */
    public static StoredTable planned(String stage, String tableName, TableRef ref, String cacheKey) {
        return new StoredTable(stage, tableName, ref, -1, cacheKey, () -> ref, false, null);
    }

    /** The same stored table, seen through another content reader. */
    public StoredTable withContent(Supplier<Object> reader) {
        return new StoredTable(stage, tableName, ref, rows, cacheKey, reader, written, query);
    }

    /** The same stored table, read by {@code readQuery} (the query a SQL task hands its caller). */
    public StoredTable withQuery(String readQuery) {
        return new StoredTable(stage, tableName, ref, rows, cacheKey, contentReader, written, readQuery);
    }

    /** The query that reads this table as its task's caller gets it, or null when nothing but the table is known. */
    public String query() {
        return query;
    }

    /** Whether the physical table exists (false for a {@link #planned} one). */
    public boolean isWritten() {
        return written;
    }

    /** Stage the table belongs to. */
    public String stage() {
        return stage;
    }

    /** Logical table name within the stage. */
    public String tableName() {
        return tableName;
    }

    /** The physical table (immutable once written), quoted and qualified when printed. */
    public TableRef ref() {
        return ref;
    }

    /** The physical table's name. */
    public String physicalName() {
        return ref.name();
    }

    /** Rows in the table, or -1 when unknown. */
    public long rows() {
        return rows;
    }

    /** The cache key of the table's content. */
    public String cacheKey() {
        return cacheKey;
    }

    /** What {@code obj()} returns: a reference or the rows, as the consumer asked. */
    public synchronized Object content() {
        if (!read) {
            content = contentReader.get();
            read = true;
        }
        return content;
    }
}
