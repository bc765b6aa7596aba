package dev.dag.it.types;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What docs/types.md says happens to a list of rows, worked out apart from dag's code: either the rows read back
 * (and as what), or dag must refuse them, naming one of the cells or columns that break a rule.
 */
final class RowsModel {
    private static final Pattern COLUMN = Pattern.compile("column '([^']*)'(?:, row index (\\d+))?");

    /** A column type, as the table of map columns in docs/types.md groups Java types. */
    enum Kind { BOOLEAN, SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, DECIMAL, TEXT, DATE, TIME, TIMESTAMP, TIMESTAMPTZ,
        UUID, BLOB }

    private static final Set<Kind> NUMBERS = EnumSet.of(Kind.SMALLINT, Kind.INTEGER, Kind.BIGINT, Kind.REAL,
            Kind.DOUBLE, Kind.DECIMAL);

    /** A value that breaks a rule: its column and row. */
    record Cell(String column, long row) {
    }

    /**
     * The outcome the rules give: the rows read back, or the cells and columns a refusal may name (not empty then).
     */
    record Expectation(List<?> rows, Set<Cell> refusedCells, Set<String> refusedColumns) {
        boolean refused() {
            return !refusedCells.isEmpty() || !refusedColumns.isEmpty();
        }

        /** Asserts that {@code refusal} names a column the rules refuse, or a cell of one with its row. */
        void assertNamesABrokenRule(Exception refusal) {
            Matcher named = COLUMN.matcher(refusal.getMessage());
            assertTrue(named.find(), () -> "the refusal names no column: " + refusal.getMessage());
            String column = named.group(1);
            boolean expected = refusedColumns.contains(column) || named.group(2) != null
                    && refusedCells.contains(new Cell(column, Long.parseLong(named.group(2))));
            assertTrue(expected, () -> "the refusal names column '" + column + "' and row " + named.group(2)
                    + ", where the rules refuse only " + refusedCells + " and columns " + refusedColumns + ": "
                    + refusal.getMessage());
        }
    }

    private RowsModel() {
    }

    /**
     * The column of a record component, by the rule of docs/types.md#column-names (written here again, as the model's
     * own: "_" before a capital after a small letter or a digit, capitals made small).
     */
    static String column(RecordComponent component) {
        return component.getName().replaceAll("([\\p{Ll}\\d])(\\p{Lu})", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** The outcome for records of one class. */
    static Expectation ofRecords(List<? extends Record> rows) {
        RecordComponent[] components = rows.get(0).getClass().getRecordComponents();
        Set<Cell> cells = new HashSet<>();
        Set<String> columns = new HashSet<>();
        Map<String, Integer> scales = new LinkedHashMap<>();
        for (RecordComponent component : components) {
            Digits digits = new Digits();
            for (int row = 0; row < rows.size(); row++) {
                Object raw = read(component, rows.get(row));
                boolean optional = component.getType() == Optional.class;
                if (optional && raw == null) {
                    cells.add(new Cell(column(component), row));
                    continue;
                }
                Object value = optional ? ((Optional<?>) raw).orElse(null) : raw;
                if (value != null && !TypeModel.storable(value)) {
                    cells.add(new Cell(column(component), row));
                } else if (value instanceof BigDecimal || value instanceof BigInteger) {
                    digits.add(value);
                }
            }
            if (digits.tooMany()) {
                columns.add(column(component));
            }
            scales.put(component.getName(), digits.scale);
        }
        if (!cells.isEmpty() || !columns.isEmpty()) {
            return new Expectation(List.of(), cells, columns);
        }
        return new Expectation(rows.stream().map(row -> withDecimalsScaled(row, components, scales)).toList(),
                cells, columns);
    }

    /** The outcome for maps, read back as maps. */
    static Expectation ofMaps(List<Map<String, Object>> rows) {
        Map<String, Map<Kind, Integer>> kinds = new LinkedHashMap<>();
        Map<String, Digits> digits = new LinkedHashMap<>();
        Set<Cell> cells = new HashSet<>();
        for (int row = 0; row < rows.size(); row++) {
            for (Map.Entry<String, Object> entry : rows.get(row).entrySet()) {
                Object value = unwrapped(entry.getValue());
                kinds.computeIfAbsent(entry.getKey(), key -> new LinkedHashMap<>());
                digits.computeIfAbsent(entry.getKey(), key -> new Digits());
                if (value == null) {
                    continue;
                }
                kinds.get(entry.getKey()).putIfAbsent(kindOf(value), row);
                if (!TypeModel.storable(value)) {
                    cells.add(new Cell(entry.getKey(), row));
                } else if (value instanceof Number && NUMBERS.contains(kindOf(value)) && !(value instanceof Float)
                        && !(value instanceof Double)) {
                    digits.get(entry.getKey()).add(value);
                }
            }
        }
        Set<String> columns = new HashSet<>();
        Map<String, Kind> types = new LinkedHashMap<>();
        kinds.forEach((column, seen) -> {
            Kind type = columnKind(seen.keySet());
            if (type == null || type == Kind.DECIMAL && digits.get(column).tooMany()) {
                columns.add(column);
            }
            types.put(column, type);
        });
        for (int row = 0; row < rows.size(); row++) {
            for (String column : kinds.keySet()) {
                if (unwrapped(rows.get(row).get(column)) instanceof Long whole && types.get(column) == Kind.DOUBLE
                        && (whole == Long.MAX_VALUE || (long) (double) whole != whole)) {
                    cells.add(new Cell(column, row));
                }
            }
        }
        if (!cells.isEmpty() || !columns.isEmpty()) {
            return new Expectation(List.of(), cells, columns);
        }
        List<Map<String, Object>> expected = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            Map<String, Object> readBack = new LinkedHashMap<>();
            for (String column : kinds.keySet()) {
                Object value = unwrapped(row.get(column));
                readBack.put(column, value == null ? null
                        : canonical(types.get(column), value, digits.get(column).scale));
            }
            expected.add(readBack);
        }
        return new Expectation(expected, cells, columns);
    }

    /** The column type of values of these kinds, or null when no column holds them all unchanged. */
    private static Kind columnKind(Set<Kind> kinds) {
        if (kinds.isEmpty()) {
            return Kind.TEXT;
        }
        if (kinds.size() == 1) {
            return kinds.iterator().next();
        }
        if (!NUMBERS.containsAll(kinds)) {
            return null;
        }
        boolean floating = kinds.contains(Kind.REAL) || kinds.contains(Kind.DOUBLE);
        if (kinds.contains(Kind.DECIMAL)) {
            return floating ? null : Kind.DECIMAL;
        }
        return floating ? Kind.DOUBLE : kinds.stream().max(Enum::compareTo).orElseThrow();
    }

    static Kind kindOf(Object value) {
        if (value instanceof Boolean) {
            return Kind.BOOLEAN;
        }
        if (value instanceof Byte || value instanceof Short) {
            return Kind.SMALLINT;
        }
        if (value instanceof Integer) {
            return Kind.INTEGER;
        }
        if (value instanceof Long) {
            return Kind.BIGINT;
        }
        if (value instanceof Float) {
            return Kind.REAL;
        }
        if (value instanceof Double) {
            return Kind.DOUBLE;
        }
        if (value instanceof BigDecimal || value instanceof BigInteger) {
            return Kind.DECIMAL;
        }
        if (value instanceof String || value instanceof Character || value instanceof Enum<?>) {
            return Kind.TEXT;
        }
        if (value instanceof LocalDate) {
            return Kind.DATE;
        }
        if (value instanceof LocalTime) {
            return Kind.TIME;
        }
        if (value instanceof LocalDateTime) {
            return Kind.TIMESTAMP;
        }
        if (value instanceof Instant || value instanceof OffsetDateTime) {
            return Kind.TIMESTAMPTZ;
        }
        if (value instanceof UUID) {
            return Kind.UUID;
        }
        if (value instanceof byte[]) {
            return Kind.BLOB;
        }
        return fail("the model has no kind for " + value.getClass());
    }

    /** What a map reads back for {@code value} in a column of type {@code type} and scale {@code scale}. */
    private static Object canonical(Kind type, Object value, int scale) {
        return switch (type) {
            case SMALLINT -> ((Number) value).shortValue();
            case INTEGER -> ((Number) value).intValue();
            case BIGINT -> ((Number) value).longValue();
            case DOUBLE -> ((Number) value).doubleValue();
            case DECIMAL -> TypeModel.decimal(value).setScale(scale);
            case TEXT -> value instanceof Enum<?> constant ? constant.name() : value.toString();
            case TIMESTAMPTZ -> value instanceof OffsetDateTime dateTime ? dateTime.toInstant() : value;
            case BOOLEAN, REAL, DATE, TIME, TIMESTAMP, UUID, BLOB -> value;
        };
    }

    private static Object unwrapped(Object value) {
        return value instanceof Optional<?> optional ? optional.orElse(null) : value;
    }

    private static Record withDecimalsScaled(Record row, RecordComponent[] components, Map<String, Integer> scales) {
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            Object value = read(components[i], row);
            int scale = scales.get(components[i].getName());
            if (value instanceof BigDecimal decimal) {
                value = decimal.setScale(scale);
            } else if (value instanceof Optional<?> optional && optional.orElse(null) instanceof BigDecimal decimal) {
                value = Optional.of(decimal.setScale(scale));
            }
            values[i] = value;
            types[i] = components[i].getType();
        }
        try {
            var constructor = row.getClass().getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return (Record) constructor.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static Object read(RecordComponent component, Object record) {
        try {
            component.getAccessor().setAccessible(true);
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError(e);
        }
    }

    /** The digits a decimal column needs for the values added. */
    private static final class Digits {
        int integerDigits;
        int scale;

        void add(Object number) {
            integerDigits = Math.max(integerDigits, TypeModel.integerDigits(number));
            scale = Math.max(scale, TypeModel.scale(number));
        }

        boolean tooMany() {
            return integerDigits + scale > TypeModel.MAX_DIGITS;
        }
    }
}
