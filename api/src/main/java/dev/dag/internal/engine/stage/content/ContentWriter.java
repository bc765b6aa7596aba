package dev.dag.internal.engine.stage.content;

import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.rows.ColumnNames;
import dev.dag.internal.rows.RowSource;
import dev.dag.internal.rows.RowSources;
import dev.dag.internal.rows.ValueRefusal;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.PhysicalTables;
import dev.dag.internal.store.dialect.Column;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Writes a table's content into a new database table: SQL text through {@code CREATE TABLE AS}, a
 * {@link TableRef} as a copy, in-memory rows through the dialect's bulk path; then its keys.
 */
public final class ContentWriter {
    private ContentWriter() {
    }

    /**
     * Writes {@code table} as {@code tables.name}; returns the number of rows.
     *
     * @throws DefinitionException for content dag cannot store, or rows it cannot store exactly
     * @throws MaterializationException naming task, table, stage and the SQL when the database refuses it
     */
    public static long write(Database database, Connection connection, PhysicalTables tables, String name, Table table,
                      String task, String logicalName, String stage) {
        Object content = table.obj();
        if (!table.decimals().isEmpty() && !RowSources.accepts(content)) {
            throw new DefinitionException("Task '" + task + "' declares decimal columns with Table.decimal for table '"
                    + logicalName + "' of stage '" + stage + "', which is not given as rows. Cast in its SQL instead, "
                    + "e.g. CAST(amount AS DECIMAL(12, 2)).", task, logicalName, stage);
        }
        String sql = null;
        try {
            long rows;
            if (content instanceof String text) {
                sql = tables.createAsSql(name, text);
                rows = tables.createAs(connection, name, text);
            } else if (content instanceof TableRef ref) {
                String select = database.dialect().selectAll(ref.schema(), ref.name());
                sql = tables.createAsSql(name, select);
                rows = tables.createAs(connection, name, select);
            } else if (RowSources.accepts(content)) {
                RowSource source = RowSources.of((List<?>) content, declaredColumns(table));
                rows = tables.createFromRows(connection, name, source.columns(), source.rows());
            } else {
                throw unsupported(task, logicalName, stage, content);
            }
            if (NonNullableColumns.declared(table)) {
                new NonNullableColumns(task, logicalName, stage).apply(connection, tables, name, table);
            }
            if (RowSources.accepts(content)) { // the rows' columns are named by the rule of names from Java
                tables.addKeys(connection, name, ColumnNames.all(table.primaryKey()),
                        table.indexes().stream().map(ColumnNames::all).toList());
            } else {
                tables.addKeys(connection, name, table.primaryKey(), table.indexes());
            }
            return rows;
        } catch (ValueRefusal refusal) {
            throw refused(task, logicalName, stage, refusal);
        } catch (SQLException | IllegalArgumentException e) {
            String hint = content instanceof String text && e instanceof SQLException failure
                    ? MissingColumnHint.of(connection, database.dialect(), text, failure) : "";
            throw new MaterializationException("Task '" + task + "' could not write table '" + logicalName
                    + "' of stage '" + stage + "': " + e.getMessage() + hint + (sql == null ? "" : "\nSQL:\n" + sql), task, logicalName,
                    stage, sql, e);
        }
    }

    public static DefinitionException unsupported(String task, String name, String stage, Object content) {
        return new DefinitionException("Task '" + task + "' gives table '" + name + "' of stage '" + stage
                + "' a " + content.getClass().getName() + ", which dag cannot store. Use SQL text, a "
                + "TableRef, or a List of records or maps.", task, name, stage);
    }

    /** The columns {@code table} declares instead of letting dag infer them from its rows. */
    public static List<Column> declaredColumns(Table table) {
        return table.decimals().stream()
                .map(decimal -> Column.decimal(decimal.column(), decimal.precision(), decimal.scale())).toList();
    }

    /** The error for rows of table {@code name} that dag refuses to store because they would not arrive exactly. */
    public static DefinitionException refused(String task, String name, String stage, ValueRefusal refusal) {
        return new DefinitionException("Task '" + task + "' gives table '" + name + "' of stage '" + stage
                + "' rows dag cannot store exactly: " + refusal.getMessage(), task, name, stage);
    }
}
