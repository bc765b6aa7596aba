package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows of a list of records of one class: a column per component, in declaration order, named by
 * {@link ColumnNames}, typed by the component's type; a decimal column's precision and scale inferred from all rows
 * unless declared.
 */
final class RecordRows {
    private RecordRows() {
    }

    static RowSource of(List<?> rows, Class<?> type, Map<String, Column> declared) {
        RecordComponent[] components = type.getRecordComponents();
        ComponentType[] types = new ComponentType[components.length];
        List<Column> columns = new ArrayList<>();
        Map<String, String> componentsByColumn = new HashMap<>();
        for (int i = 0; i < components.length; i++) {
            String other = componentsByColumn.put(ColumnNames.of(components[i].getName()), components[i].getName());
            if (other != null) {
                throw ValueRefusal.ofColumn(ColumnNames.of(other), "the components " + other + " and "
                        + components[i].getName() + " of " + type.getSimpleName() + " both become this column "
                        + "(column names from Java are snake_case, see " + ColumnNames.DOCS + ")",
                        "Rename one of the components");
            }
            types[i] = ComponentType.of(components[i]);
            components[i].getAccessor().setAccessible(true);
            columns.add(column(rows, type, components, i, types[i], declared));
        }
        return new RowSource(columns, new Values(rows.iterator(), type, components, types, columns));
    }

    private static Column column(List<?> rows, Class<?> type, RecordComponent[] components, int index,
                                 ComponentType componentType, Map<String, Column> declared) {
        String name = ColumnNames.of(components[index].getName());
        ColumnType columnType = StorableTypes.required(componentType.type(), name);
        Column declaredColumn = declared.get(name);
        if (declaredColumn != null) {
            return ColumnKinds.declaredFor(declaredColumn, columnType, componentType.type());
        }
        if (columnType != ColumnType.DECIMAL) {
            return new Column(name, columnType);
        }
        DecimalDigits digits = new DecimalDigits(name);
        long row = 0;
        for (Object record : rows) {
            Object component = RecordValues.read(components[index], checked(record, row, type));
            Object value;
            try {
                value = unwrapped(component, componentType);
            } catch (ValueRefusal refusal) {
                throw refusal.at(name, row);
            }
            if (value != null) {
                digits.add(value, row);
            }
            row++;
        }
        return digits.column();
    }

    private static Object checked(Object record, long row, Class<?> type) {
        if (record == null || record.getClass() != type) {
            throw ValueRefusal.ofRow(row, "it is " + (record == null ? "null" : "a " + record.getClass().getName())
                    + ", and the first row is a " + type.getName() + " record", "Give every row the same record "
                    + "class (or every row a Map)");
        }
        return record;
    }

    /** The value of a component: an Optional's content or null; a null Optional refused. */
    private static Object unwrapped(Object value, ComponentType type) {
        if (!type.optional()) {
            return value;
        }
        if (value == null) {
            throw ValueRefusal.ofValue(null, "the Optional component is null, which would come back as "
                    + "Optional.empty()", "Use Optional.empty()");
        }
        return ((Optional<?>) value).orElse(null);
    }

    /** Each record's values, stored as their columns hold them. */
    private static final class Values implements Iterator<Object[]> {
        private final Iterator<?> records;
        private final Class<?> type;
        private final RecordComponent[] components;
        private final ComponentType[] types;
        private final Column[] columns;
        private long row = -1;

        Values(Iterator<?> records, Class<?> type, RecordComponent[] components, ComponentType[] types,
               List<Column> columns) {
            this.records = records;
            this.type = type;
            this.components = components;
            this.types = types;
            this.columns = columns.toArray(Column[]::new);
        }

        @Override
        public boolean hasNext() {
            return records.hasNext();
        }

        @Override
        public Object[] next() {
            Object record = checked(records.next(), ++row, type);
            Object[] out = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                try {
                    Object value = unwrapped(RecordValues.read(components[i], record), types[i]);
                    out[i] = value == null ? null : StoredValues.stored(value, columns[i]);
                } catch (ValueRefusal refusal) {
                    throw refusal.at(columns[i].name(), row);
                }
            }
            return out;
        }
    }
}
