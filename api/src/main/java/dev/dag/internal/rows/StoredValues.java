package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.Column;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Turns a Java value into what its column stores: a value of the column type's {@code valueType()} that the
 * database keeps exactly, or a {@link ValueRefusal} (without column and row, which the caller adds).
 */
final class StoredValues {
    /** 2^63 as a double: the one double that a long rounds to without being it. */
    private static final double TWO_TO_THE_63 = 0x1p63;

    private StoredValues() {
    }

    /**
     * The stored form of {@code value} (not null, not an Optional), whose Java type the column was chosen for.
     */
    static Object stored(Object value, Column column) {
        return switch (column.type()) {
            case BOOLEAN, REAL, UUID, BLOB -> value;
            case SMALLINT -> value instanceof Byte small ? (Object) (short) small : value;
            case INTEGER -> value instanceof Integer ? value : (Object) ((Number) value).intValue(); // a short or byte
            case BIGINT -> value instanceof Long ? value : (Object) ((Number) value).longValue(); // a narrower integer
            case DOUBLE -> exactDouble(value);
            case DECIMAL -> DecimalDigits.fit(value, column);
            case VARCHAR -> text(value);
            case DATE -> TimeLimits.date((LocalDate) value);
            case TIME -> TimeLimits.time((LocalTime) value);
            case TIMESTAMP -> TimeLimits.timestamp((LocalDateTime) value);
            case TIMESTAMPTZ -> TimeLimits.instant(value);
        };
    }

    private static Object exactDouble(Object value) {
        if (value instanceof Double) {
            return value;
        }
        if (value instanceof Long whole) {
            double converted = whole;
            if (converted == TWO_TO_THE_63 || (long) converted != whole) {
                throw ValueRefusal.ofValue(value, "the column is DOUBLE, as it also holds floating-point values, and "
                        + "this long has no exact double", "Give the column BigDecimal values instead of doubles, or "
                        + "only longs");
            }
            return converted;
        }
        return ((Number) value).doubleValue(); // a float, int, short or byte: every one is exactly a double
    }

    private static String text(Object value) {
        if (value instanceof String text) {
            return checkedText(text, value);
        }
        if (value instanceof Character character) {
            return checkedText(String.valueOf(character), value);
        }
        return ((Enum<?>) value).name(); // by name, which valueOf reads back whatever toString() says
    }

    /**
     * {@code text} if UTF-8 and PostgreSQL hold it unchanged: no U+0000 (PostgreSQL's text cannot hold it; refused
     * on DuckDB too, so that both behave alike) and no unpaired surrogate (it has no UTF-8 form).
     */
    private static String checkedText(String text, Object value) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                throw ValueRefusal.ofValue(value, "it holds the character U+0000 (NUL) at index " + i + ", which "
                        + "PostgreSQL's text cannot hold (refused on DuckDB too, so that both behave alike)",
                        "Remove it, or store the data as byte[]");
            }
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                    continue;
                }
                throw ValueRefusal.ofValue(value, String.format("it holds an unpaired surrogate (U+%04X) at index %d, "
                        + "which is not Unicode text and has no UTF-8 form", (int) c, i), "Fix the text, or store "
                        + "the data as byte[]");
            }
        }
        return text;
    }
}
