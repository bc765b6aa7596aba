package dev.dag.internal.engine.stage;

import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.TableRef;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.rows.ValueRefusal;
import dev.dag.internal.rows.read.RowReader;
import dev.dag.internal.store.Database;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Supplier;

/** Reads a stored table as the rows a task or a result asked for (records or maps). */
public final class StoredTableReader {
    private StoredTableReader() {
    }

    /** A reader of {@code table} as {@code type} (a record class or Map) for {@code consumer}'s messages, on demand. */
    static Supplier<Object> of(Database database, StoredTable table, Class<?> type, String consumer) {
        return () -> read(database, table.ref(), table, type, consumer);
    }

    /**
     * The rows of {@code ref}, which holds {@code table}, as {@code type}, read for task {@code consumer} (null for a
     * result read after the run).
     *
     * @throws DefinitionException naming the column, row and value that {@code type} cannot take exactly
     * @throws MaterializationException when the database refuses the query
     */
    public static <R> List<R> read(Database database, TableRef ref, StoredTable table, Class<R> type,
                                   String consumer) {
        String query = database.dialect().selectAll(ref.schema(), ref.name());
        String reading = (consumer == null ? "Cannot read" : "Task '" + consumer + "' could not read") + " table '"
                + table.tableName() + "' of stage '" + table.stage() + "' as " + type.getSimpleName();
        try (Connection connection = database.connection()) {
            return RowReader.read(connection, database.dialect(), query, type);
        } catch (ValueRefusal refusal) {
            throw new DefinitionException(reading + " exactly: " + refusal.getMessage(), consumer, table.tableName(),
                    table.stage());
        } catch (SQLException e) {
            throw new MaterializationException(reading + ": " + e.getMessage() + "\nSQL:\n" + query, consumer,
                    table.tableName(), table.stage(), query, e);
        }
    }
}
