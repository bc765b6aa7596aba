package dev.dag.internal.rows;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a table into records (columns matched to components by name, case-insensitive) or maps,
 * streaming with a fetch size so that the driver does not buffer the whole result twice.
 */
public final class RowReader {
    private static final int FETCH_SIZE = 10_000;

    private RowReader() {
    }

    /** Every row of {@code query} as {@code rowType}: a record class or {@code Map.class}. */
    public static <R> List<R> read(Connection connection, String query, Class<R> rowType) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        // PostgreSQL's driver honours the fetch size only inside a transaction; otherwise it buffers everything
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.setFetchSize(FETCH_SIZE);
            try (ResultSet rows = statement.executeQuery(query)) {
                return rowType.isRecord() ? readRecords(rows, rowType) : readMaps(rows, rowType);
            }
        } finally {
            connection.rollback(); // read only: nothing to keep
            connection.setAutoCommit(autoCommit);
        }
    }

    private static <R> List<R> readMaps(ResultSet rows, Class<R> rowType) throws SQLException {
        ResultSetMetaData meta = rows.getMetaData();
        List<R> out = new ArrayList<>();
        while (rows.next()) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                row.put(meta.getColumnLabel(i), normalize(rows.getObject(i)));
            }
            out.add(rowType.cast(row));
        }
        return out;
    }

    private static <R> List<R> readRecords(ResultSet rows, Class<R> type) throws SQLException {
        RecordComponent[] components = type.getRecordComponents();
        int[] columnOf = columnIndexes(rows.getMetaData(), components, type);
        Constructor<R> constructor = canonicalConstructor(type, components);
        List<R> out = new ArrayList<>();
        while (rows.next()) {
            Object[] values = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                values[i] = ValueConversion.to(components[i].getType(), normalize(rows.getObject(columnOf[i])),
                        components[i].getName());
            }
            try {
                out.add(constructor.newInstance(values));
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("cannot create " + type.getName() + " from a row: " + e, e);
            }
        }
        return out;
    }

    private static int[] columnIndexes(ResultSetMetaData meta, RecordComponent[] components, Class<?> type)
            throws SQLException {
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            byName.put(meta.getColumnLabel(i).toLowerCase(Locale.ROOT), i);
        }
        int[] indexes = new int[components.length];
        for (int i = 0; i < components.length; i++) {
            Integer index = byName.get(components[i].getName().toLowerCase(Locale.ROOT));
            if (index == null) {
                throw new IllegalArgumentException("the table has no column '" + components[i].getName()
                        + "' for record component " + type.getSimpleName() + "." + components[i].getName()
                        + "; columns are " + byName.keySet());
            }
            indexes[i] = index;
        }
        return indexes;
    }

    private static <R> Constructor<R> canonicalConstructor(Class<R> type, RecordComponent[] components) {
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            Constructor<R> constructor = type.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor;
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " has no canonical constructor", e);
        }
    }

    /** JDBC's legacy date types as java.time values. */
    private static Object normalize(Object value) {
        if (value instanceof Date date) {
            return date.toLocalDate();
        }
        if (value instanceof Timestamp timestamp) {
            return timestamp.toLocalDateTime();
        }
        return value;
    }

    /** Converts database values to record component types. */
    static final class ValueConversion {
        private ValueConversion() {
        }

        static Object to(Class<?> type, Object value, String component) {
            if (value == null) {
                if (type.isPrimitive()) {
                    throw new IllegalArgumentException("column '" + component + "' holds NULL, which the "
                            + "primitive component cannot take; declare it with a boxed type");
                }
                return null;
            }
            if (type.isInstance(value)) {
                return value;
            }
            if (value instanceof Number number) {
                Object converted = number(type, number);
                if (converted != null) {
                    return converted;
                }
            }
            if (type == String.class) {
                return value.toString();
            }
            if (type == LocalDate.class && value instanceof LocalDateTime dateTime) {
                return dateTime.toLocalDate();
            }
            if (type == java.time.Instant.class && value instanceof java.time.OffsetDateTime dateTime) {
                return dateTime.toInstant();
            }
            if ((type == char.class || type == Character.class) && value instanceof String text && text.length() == 1) {
                return text.charAt(0);
            }
            if (type.isEnum()) {
                return enumValue(type, value.toString());
            }
            if (type == boolean.class && value instanceof Boolean bool) {
                return bool;
            }
            throw new IllegalArgumentException("column '" + component + "' holds " + value.getClass().getName()
                    + ", which does not fit the component type " + type.getName());
        }

        private static Object number(Class<?> type, Number number) {
            if (type == int.class || type == Integer.class) {
                return number.intValue();
            }
            if (type == long.class || type == Long.class) {
                return number.longValue();
            }
            if (type == double.class || type == Double.class) {
                return number.doubleValue();
            }
            if (type == float.class || type == Float.class) {
                return number.floatValue();
            }
            if (type == short.class || type == Short.class) {
                return number.shortValue();
            }
            if (type == byte.class || type == Byte.class) {
                return number.byteValue();
            }
            if (type == BigDecimal.class) {
                return new BigDecimal(number.toString());
            }
            return null;
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static Object enumValue(Class<?> type, String name) {
            return Enum.valueOf((Class) type, name);
        }
    }
}
