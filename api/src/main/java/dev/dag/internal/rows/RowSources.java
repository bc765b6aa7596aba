package dev.dag.internal.rows;

import dev.dag.internal.store.Identifiers;
import dev.dag.internal.store.dialect.Column;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@code List} of records or maps into a {@link RowSource}: the columns and their types (docs/types.md),
 * and the values, each checked to be stored exactly, in the order of the list. Anything that would not arrive
 * exactly is a {@link ValueRefusal}: the column set and types while this is called, a value while the rows are
 * read.
 */
public final class RowSources {
    private RowSources() {
    }

    /** Whether {@code obj} is a list of records or maps (an empty list counts, and is refused later). */
    public static boolean accepts(Object obj) {
        if (!(obj instanceof List<?> list)) {
            return false;
        }
        Object first = list.isEmpty() ? null : list.get(0);
        return first == null || first instanceof Record || first instanceof Map<?, ?>;
    }

    /** The rows of a list of records or maps, every column's type inferred. */
    public static RowSource of(List<?> rows) {
        return of(rows, List.of());
    }

    /**
     * The rows of a list of records or maps, with the decimal columns of {@code declared} instead of the precision
     * and scale their values would give.
     *
     * @throws ValueRefusal for rows whose columns cannot be stored (an empty list, mixed rows, a type without a
     *     column type, a column name no database keeps); the returned rows throw it for a value
     */
    public static RowSource of(List<?> rows, List<Column> declared) {
        if (rows.isEmpty()) {
            throw ValueRefusal.of("the list of rows is empty, so its columns are unknown",
                    "Return a SQL query (e.g. SELECT ... WHERE false) for an empty table");
        }
        Map<String, Column> declaredByName = new LinkedHashMap<>();
        declared.forEach(column -> {
            String name = ColumnNames.of(column.name());
            declaredByName.put(name, new Column(name, column.type(), column.precision(), column.scale()));
        });
        Object first = rows.get(0);
        RowSource source;
        if (first instanceof Record record) {
            source = RecordRows.of(rows, record.getClass(), declaredByName);
        } else if (first instanceof Map<?, ?>) {
            source = MapRows.of(rows, declaredByName);
        } else {
            throw ValueRefusal.ofRow(0, "it is " + (first == null ? "null" : "a " + first.getClass().getName()),
                    "Give rows as records of one class or as maps");
        }
        checkNames(source.columns(), declaredByName);
        return source;
    }

    /**
     * Names every database keeps as they are. They are snake_case ({@link ColumnNames}), so all in small letters:
     * two that DuckDB would take for one are refused where rows become columns.
     */
    private static void checkNames(List<Column> columns, Map<String, Column> declared) {
        for (Column column : columns) {
            String problem = Identifiers.problem(column.name());
            if (problem != null) {
                throw ValueRefusal.ofColumn(column.name(), "the name is not one a database keeps (" + problem + ")",
                        "Name it with 1 to " + Identifiers.MAX_BYTES + " bytes, without control characters or "
                                + "surrounding blanks");
            }
        }
        for (String name : declared.keySet()) {
            if (columns.stream().noneMatch(column -> column.name().equals(name))) {
                throw ValueRefusal.ofColumn(name, "Table.decimal declares it, and the rows have no such column "
                        + "(their columns are " + columns.stream().map(Column::name).toList() + ")",
                        "Declare a column the rows have, spelled the same");
            }
        }
    }
}
