package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@code List} of records or maps into a {@link RowSource}. Record columns follow the
 * components; map columns follow the keys of the first row, typed by the first non-null value.
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

    /**
     * The rows of a list of records or maps.
     *
     * @throws IllegalArgumentException describing what cannot be stored (empty list, mixed rows, a
     *     value type without a column type)
     */
    public static RowSource of(List<?> rows) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("the list of rows is empty, so its columns are unknown; "
                    + "return a SQL query (e.g. SELECT ... WHERE false) for an empty table");
        }
        Object first = rows.get(0);
        if (first instanceof Record record) {
            return ofRecords(rows, record.getClass());
        }
        if (first instanceof Map<?, ?>) {
            return ofMaps(rows);
        }
        throw new IllegalArgumentException("rows must be records or maps, got " + first.getClass().getName());
    }

    private static RowSource ofRecords(List<?> rows, Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        List<Column> columns = new ArrayList<>();
        for (RecordComponent component : components) {
            columns.add(new Column(component.getName(), typeOf(component.getType(), component.getName())));
            component.getAccessor().setAccessible(true);
        }
        Iterator<?> source = rows.iterator();
        Iterator<Object[]> values = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return source.hasNext();
            }

            @Override
            public Object[] next() {
                Object row = source.next();
                if (row == null || row.getClass() != type) {
                    throw new IllegalArgumentException("all rows must be " + type.getSimpleName()
                            + " records, found " + (row == null ? "null" : row.getClass().getName()));
                }
                Object[] out = new Object[components.length];
                for (int i = 0; i < components.length; i++) {
                    out[i] = RecordValues.read(components[i], row);
                }
                return out;
            }
        };
        return new RowSource(columns, values);
    }

    private static RowSource ofMaps(List<?> rows) {
        Map<?, ?> first = (Map<?, ?>) rows.get(0);
        Map<String, ColumnType> types = new LinkedHashMap<>();
        for (Object key : first.keySet()) {
            types.put(String.valueOf(key), null);
        }
        for (Object row : rows) {
            if (types.values().stream().allMatch(t -> t != null)) {
                break;
            }
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) row).entrySet()) {
                String key = String.valueOf(entry.getKey());
                if (types.containsKey(key) && types.get(key) == null && entry.getValue() != null) {
                    types.put(key, typeOf(entry.getValue().getClass(), key));
                }
            }
        }
        List<Column> columns = new ArrayList<>();
        types.forEach((name, type) -> columns.add(new Column(name, type == null ? ColumnType.VARCHAR : type)));
        List<String> keys = new ArrayList<>(types.keySet());
        Iterator<?> source = rows.iterator();
        Iterator<Object[]> values = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return source.hasNext();
            }

            @Override
            public Object[] next() {
                Map<?, ?> row = (Map<?, ?>) source.next();
                Object[] out = new Object[keys.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = row.get(keys.get(i));
                }
                return out;
            }
        };
        return new RowSource(columns, values);
    }

    private static ColumnType typeOf(Class<?> javaType, String column) {
        ColumnType type = ColumnType.of(javaType);
        if (type == null) {
            throw new IllegalArgumentException("column '" + column + "' has Java type " + javaType.getName()
                    + ", which dag cannot store; use a number, String, boolean, LocalDate, LocalDateTime, "
                    + "Instant, BigDecimal or UUID");
        }
        return type;
    }
}
