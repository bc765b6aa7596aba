package dev.dag.internal.rows.read;

import dev.dag.internal.rows.ColumnNames;
import dev.dag.internal.rows.ComponentType;
import dev.dag.internal.rows.Printable;
import dev.dag.internal.rows.ValueRefusal;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A record class as the target of result rows: each component bound to the column of its name ({@link ColumnNames}'s
 * snake_case column, or the column spelled like the component, or else the one column whose name differs from
 * either only in case), converted to its type, and the canonical constructor.
 */
final class RecordTarget<R> {
    private final Class<R> type;
    private final RecordComponent[] components;
    private final ComponentType[] types;
    private final String[] descriptions;
    private final int[] columns;
    private final String[] labels;
    private final Constructor<R> constructor;

    private RecordTarget(Class<R> type, ResultSetMetaData meta) throws SQLException {
        this.type = type;
        this.components = type.getRecordComponents();
        this.types = new ComponentType[components.length];
        this.descriptions = new String[components.length];
        this.columns = new int[components.length];
        this.labels = new String[components.length];
        List<String> available = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            available.add(meta.getColumnLabel(i));
        }
        Class<?>[] parameterTypes = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = ComponentType.of(components[i]);
            descriptions[i] = ComponentType.describe(components[i]);
            columns[i] = columnOf(components[i], available) + 1;
            labels[i] = available.get(columns[i] - 1);
            parameterTypes[i] = components[i].getType();
        }
        this.constructor = canonicalConstructor(parameterTypes);
    }

    /** {@code type} bound to the columns of results shaped like {@code meta}. */
    static <R> RecordTarget<R> of(Class<R> type, ResultSetMetaData meta) throws SQLException {
        return new RecordTarget<>(type, meta);
    }

    int componentCount() {
        return components.length;
    }

    /** The column (1-based) of component {@code component}. */
    int column(int component) {
        return columns[component];
    }

    /** The value of component {@code component} from the value its column holds in row {@code row}. */
    Object value(int component, Object columnValue, long row) {
        try {
            return ComponentValues.convert(columnValue, types[component], descriptions[component]);
        } catch (ValueRefusal refusal) {
            throw refusal.at(labels[component], row);
        }
    }

    R create(Object[] values) {
        try {
            return constructor.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create " + type.getName() + " from a row: " + e, e);
        }
    }

    private int columnOf(RecordComponent component, List<String> available) {
        String name = component.getName();
        String column = ColumnNames.of(name);
        for (String spelling : List.of(column, name)) {
            int exact = available.indexOf(spelling);
            if (exact >= 0) {
                return exact;
            }
        }
        List<Integer> alike = new ArrayList<>();
        for (int i = 0; i < available.size(); i++) {
            String label = available.get(i).toLowerCase(Locale.ROOT);
            if (label.equals(column) || label.equals(name.toLowerCase(Locale.ROOT))) {
                alike.add(i);
            }
        }
        if (alike.size() == 1) {
            return alike.get(0);
        }
        String qualified = type.getSimpleName() + "." + name;
        if (alike.isEmpty()) {
            throw ValueRefusal.ofColumn(column, "the table has no such column for the record component " + qualified
                    + " (its column is " + column + ", see " + ColumnNames.DOCS + "); its columns are "
                    + available.stream().map(Printable::name).toList(), "Name the component like a column, or select "
                    + "the column under the component's column name (AS " + column + ")");
        }
        throw ValueRefusal.ofColumn(column, "the columns " + alike.stream().map(i -> "'" + Printable.name(
                available.get(i)) + "'").toList() + " differ from the record component " + qualified + " only in "
                + "case", "Name the component exactly like one of them");
    }

    private Constructor<R> canonicalConstructor(Class<?>[] parameterTypes) {
        try {
            Constructor<R> canonical = type.getDeclaredConstructor(parameterTypes);
            canonical.setAccessible(true);
            return canonical;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(type.getName() + " has no canonical constructor", e);
        }
    }
}
