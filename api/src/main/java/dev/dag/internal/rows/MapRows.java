package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.Column;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows of a list of maps: a column per key of any row (named by {@link ColumnNames}), in the order the keys
 * first appear; each column typed
 * from the values of every row (see {@link ColumnKinds}). A key a row lacks is NULL in that row.
 */
final class MapRows {
    private MapRows() {
    }

    static RowSource of(List<?> rows, Map<String, Column> declared) {
        Map<String, ColumnKinds> kinds = new LinkedHashMap<>();
        Map<String, String> keysByColumn = new LinkedHashMap<>();
        long row = 0;
        for (Object map : rows) {
            for (Map.Entry<?, ?> entry : checked(map, row).entrySet()) {
                String key = key(entry.getKey(), row);
                String name = columnOf(key, keysByColumn, row);
                Object value = unwrapped(entry.getValue(), name, row);
                ColumnKinds column = kinds.computeIfAbsent(name, ColumnKinds::new);
                if (value != null) {
                    column.add(value, row);
                }
            }
            row++;
        }
        List<Column> columns = new ArrayList<>();
        kinds.forEach((name, column) -> columns.add(column.column(declared.get(name))));
        return new RowSource(columns, new Values(rows.iterator(), columns, List.copyOf(keysByColumn.values())));
    }

    /** The column of map key {@code key}; two keys of one column (a camelCase and a snake_case spelling) refused. */
    private static String columnOf(String key, Map<String, String> keysByColumn, long row) {
        String name = ColumnNames.of(key);
        String other = keysByColumn.putIfAbsent(name, key);
        if (other != null && !other.equals(key)) {
            throw ValueRefusal.ofColumn(name, "the keys '" + Printable.name(other) + "' and '" + Printable.name(key)
                    + "' (row index " + row + ") both become this column (column names from Java are snake_case, see "
                    + ColumnNames.DOCS + ")", "Spell the key one way in every row");
        }
        return name;
    }

    private static Map<?, ?> checked(Object row, long index) {
        if (row instanceof Map<?, ?> map) {
            return map;
        }
        throw ValueRefusal.ofRow(index, "it is " + (row == null ? "null" : "a " + row.getClass().getName())
                + ", and the first row is a Map", "Give every row as a Map (or every row as a record of one class)");
    }

    private static String key(Object key, long row) {
        if (key instanceof String name) {
            return name;
        }
        throw ValueRefusal.ofRow(row, "it has the key " + Printable.of(key) + (key == null ? "" : " ("
                + key.getClass().getName() + ")") + ", and the keys of a row are its column names",
                "Use String keys");
    }

    /** The value of a key: an Optional's content; an Optional in an Optional refused. */
    private static Object unwrapped(Object value, String column, long row) {
        if (!(value instanceof Optional<?> optional)) {
            return value;
        }
        Object content = optional.orElse(null);
        if (content instanceof Optional<?>) {
            throw ValueRefusal.ofValue(value, "it is an Optional in an Optional", "Store the inner value")
                    .at(column, row);
        }
        return content;
    }

    /** Each map's values in column order, stored as their columns hold them. */
    private static final class Values implements Iterator<Object[]> {
        private final Iterator<?> maps;
        private final Column[] columns;
        private final String[] keys;
        private long row = -1;

        Values(Iterator<?> maps, List<Column> columns, List<String> keys) {
            this.maps = maps;
            this.columns = columns.toArray(Column[]::new);
            this.keys = keys.toArray(String[]::new);
        }

        @Override
        public boolean hasNext() {
            return maps.hasNext();
        }

        @Override
        public Object[] next() {
            Map<?, ?> map = checked(maps.next(), ++row);
            Object[] out = new Object[columns.length];
            for (int i = 0; i < columns.length; i++) {
                String name = columns[i].name();
                Object value = unwrapped(map.get(keys[i]), name, row);
                try {
                    out[i] = value == null ? null : StoredValues.stored(value, columns[i]);
                } catch (ValueRefusal refusal) {
                    throw refusal.at(name, row);
                }
            }
            return out;
        }
    }
}
