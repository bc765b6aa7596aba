package dev.dag.internal.engine.stage;

import dev.dag.MaterializeOptions;
import dev.dag.TableRef;
import dev.dag.internal.engine.values.NotYetWritten;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.store.Database;

/**
 * The one rule for what a stored table's {@code obj()} returns: a {@link TableRef} (no data read), or its
 * rows as records or maps, read on first use, or nothing at all ({@code returnNothing()}).
 */
public final class TableContents {
    private TableContents() {
    }

    /**
     * {@code stored} seen as {@code type}: a reference when {@code type} is null or {@link TableRef}, else rows
     * of that type (a record class or {@code Map}), read for task {@code consumer} (for messages; may be null).
     */
    public static StoredTable as(StoredTable stored, Class<?> type, Database database, String consumer) {
        if (type == null || type == TableRef.class) {
            return stored.withContent(stored::ref);
        }
        if (!stored.isWritten()) {
            return stored.withContent(() -> {
                throw new NotYetWritten("reads the rows of table '" + stored.tableName() + "' of stage '"
                        + stored.stage() + "', which the run would write");
            });
        }
        return stored.withContent(StoredTableReader.of(database, stored, type, consumer));
    }

    /** {@code stored} as the options of a {@code materialize(options)} call ask to see it. */
    public static StoredTable as(StoredTable stored, MaterializeOptions options, Database database, String consumer) {
        if (options.isReturnNothing()) {
            return stored.withContent(() -> null);
        }
        return as(stored, options.returnAsType(), database, consumer);
    }
}
