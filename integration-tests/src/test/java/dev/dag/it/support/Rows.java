package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;

/**
 * Compares query results by value, whatever the database's types: DuckDB and PostgreSQL give the same
 * query's numbers as different Java types (e.g. {@code count(*)}: Long; {@code generate_series}: Long on
 * DuckDB, Integer on PostgreSQL; {@code round}: Double or BigDecimal). Use where a test is not about types.
 */
public final class Rows {
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final Comparator<Object> BY_VALUE = Comparator.nullsFirst(Rows::compareValues);

    private Rows() {
    }

    /** Asserts that {@code actual} holds the values of {@code expected}, row by row, numbers compared by value. */
    public static void assertRows(List<? extends List<?>> expected, List<List<Object>> actual) {
        assertRows(expected, actual, "rows");
    }

    /** {@link #assertRows(List, List)} with a message. */
    public static void assertRows(List<? extends List<?>> expected, List<List<Object>> actual, String message) {
        assertEquals(tolerant(expected), tolerant(actual), message);
    }

    /** Asserts that {@code actual} is {@code expected}, numbers compared by value, arrays as lists. */
    public static void assertValue(Object expected, Object actual) {
        assertEquals(tolerant(expected), tolerant(actual));
    }

    /** {@code rows} sorted by their first column, then the second, and so on (SQL's {@code ORDER BY ALL}). */
    public static List<List<Object>> sorted(List<List<Object>> rows) {
        return rows.stream().sorted(Rows::compareRows).toList();
    }

    /** Integral numbers as Long, other numbers as Double, lists element by element; anything else as is. */
    private static Object tolerant(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().map(Rows::tolerant).toList();
        }
        if (value instanceof Number number && !(value instanceof Double d && (d.isNaN() || d.isInfinite()))) {
            BigDecimal decimal = new BigDecimal(number.toString()).stripTrailingZeros();
            return decimal.scale() <= 0 && decimal.abs().compareTo(LONG_MAX) <= 0 ? decimal.longValue()
                    : decimal.doubleValue();
        }
        return value;
    }

    private static int compareRows(List<Object> left, List<Object> right) {
        for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
            int order = BY_VALUE.compare(left.get(i), right.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object left, Object right) {
        if (left instanceof Number a && right instanceof Number b) {
            return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
        }
        if (left instanceof Comparable a && left.getClass() == right.getClass()) {
            return a.compareTo(right);
        }
        return String.valueOf(left).compareTo(String.valueOf(right));
    }
}
