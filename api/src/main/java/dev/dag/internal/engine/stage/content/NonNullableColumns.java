package dev.dag.internal.engine.stage.content;

import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.Table;
import dev.dag.internal.rows.ColumnNames;
import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The columns a table declares non-nullable ({@link Table#nonNullable}, or all but those of {@link Table#nullable})
 * made {@code NOT NULL} once its data is in; a NULL in one of them fails the write, naming the column and the first
 * row that holds it.
 */
final class NonNullableColumns {
    private final String task;
    private final String table;
    private final String stage;

    NonNullableColumns(String task, String table, String stage) {
        this.task = task;
        this.table = table;
        this.stage = stage;
    }

    /** Whether {@code table} declares anything for this class to do. */
    static boolean declared(Table table) {
        return !table.nonNullable().isEmpty() || table.nullable().isPresent();
    }

    /**
     * Makes the declared columns of {@code physical} {@code NOT NULL}.
     *
     * @throws DefinitionException for a declared column the table does not have
     * @throws MaterializationException for a NULL in one of them
     */
    void apply(Connection connection, PhysicalTables tables, String physical, Table declared) throws SQLException {
        List<String> columns = tables.columns(connection, physical);
        List<String> notNull = notNull(columns, declared);
        if (notNull.isEmpty()) {
            return;
        }
        Map<?, ?> offending = tables.firstRowWithNull(connection, physical, notNull);
        if (offending != null) {
            String column = notNull.stream().filter(name -> offending.get(name) == null).findFirst()
                    .orElse(notNull.get(0));
            throw new MaterializationException("Task '" + task + "' wrote NULL into column '" + column + "' of table '"
                    + table + "' of stage '" + stage + "', which is declared non-nullable; the first row with it: "
                    + offending + ". Filter or fill the NULLs in the task, or declare the column nullable.", task,
                    table, stage, null, null);
        }
        tables.setNotNull(connection, physical, notNull);
    }

    /** The table's columns that are to be {@code NOT NULL}, in its order, as the database names them. */
    private List<String> notNull(List<String> columns, Table declared) {
        List<String> nonNullable = resolve(columns, declared.nonNullable(), "nonNullable");
        List<String> nullable = declared.nullable().map(names -> resolve(columns, names, "nullable")).orElse(null);
        List<String> notNull = new ArrayList<>();
        for (String column : columns) {
            if (nonNullable.contains(column) || nullable != null && !nullable.contains(column)) {
                notNull.add(column);
            }
        }
        return notNull;
    }

    /** The declared names as the table's columns spell them (not case-sensitive; a component's name as its column). */
    private List<String> resolve(List<String> columns, List<String> names, String declaration) {
        List<String> resolved = new ArrayList<>();
        for (String name : names) {
            String column = columns.stream().filter(candidate -> candidate.toLowerCase(Locale.ROOT)
                    .equals(name.toLowerCase(Locale.ROOT)) || candidate.equals(ColumnNames.of(name))).findFirst()
                    .orElseThrow(() -> new DefinitionException(
                    "Task '" + task + "' declares " + declaration + "(\"" + name + "\") for table '" + table
                            + "' of stage '" + stage + "', which has no column '" + name + "'. Its columns: " + columns
                            + ".", task, table, stage));
            resolved.add(column);
        }
        return resolved;
    }
}
