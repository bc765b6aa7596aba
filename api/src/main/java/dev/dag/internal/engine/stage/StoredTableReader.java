package dev.dag.internal.engine.stage;

import dev.dag.MaterializationException;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.rows.RowReader;
import dev.dag.internal.store.Database;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;

/** Reads a stored table as the rows a task asked for (records or maps), on demand. */
final class StoredTableReader {
    private StoredTableReader() {
    }

    /** A reader of {@code table} as {@code type} (a record class or Map) for {@code consumer}'s messages. */
    static Supplier<Object> of(Database database, StoredTable table, Class<?> type, String consumer) {
        return () -> {
            String query = database.dialect().selectAll(table.ref().schema(), table.ref().name());
            try (Connection connection = database.connection()) {
                return RowReader.read(connection, query, type);
            } catch (SQLException | IllegalArgumentException e) {
                throw new MaterializationException("Task '" + consumer + "' could not read table '" + table.tableName()
                        + "' of stage '" + table.stage() + "' as " + type.getSimpleName() + ": " + e.getMessage()
                        + "\nSQL:\n" + query, consumer, table.tableName(), table.stage(), query, e);
            }
        };
    }
}
