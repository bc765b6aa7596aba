package dev.dag.internal.rows.read;

import dev.dag.internal.rows.ComponentType;
import dev.dag.internal.rows.ValueRefusal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a value read from a column into the value of a record component, exactly or not at all: numbers only when
 * no digit changes ({@link ExactNumbers}), enums by constant name, a timestamp into a date only at midnight, an
 * instant into an {@code OffsetDateTime} at UTC. Anything else that is not already of the component's type is a
 * {@link ValueRefusal} (without column and row, which the caller adds).
 */
final class ComponentValues {
    private static final Map<Class<?>, Class<?>> BOXES = Map.of(boolean.class, Boolean.class, byte.class, Byte.class,
            short.class, Short.class, int.class, Integer.class, long.class, Long.class, float.class, Float.class,
            double.class, Double.class, char.class, Character.class);

    private ComponentValues() {
    }

    /** {@code value} (null for SQL NULL) as a value of a component of type {@code type}, described as {@code component}. */
    static Object convert(Object value, ComponentType type, String component) {
        if (type.optional()) {
            return Optional.ofNullable(value == null ? null : present(value, type.type(), component));
        }
        if (value == null) {
            if (type.type().isPrimitive()) {
                throw ValueRefusal.ofValue(null, "the column holds NULL, which the primitive component " + component
                        + " cannot take", "Declare it with a boxed type or as an Optional");
            }
            return null;
        }
        return present(value, type.type(), component);
    }

    private static Object present(Object value, Class<?> type, String component) {
        Class<?> box = BOXES.getOrDefault(type, type);
        if (box.isInstance(value)) {
            return value;
        }
        Object converted = converted(value, box);
        if (converted == null) {
            String remedy = box.isEnum() ? "The constants of " + box.getSimpleName() + " are "
                    + Arrays.stream(box.getEnumConstants()).map(constant -> ((Enum<?>) constant).name()).toList()
                    + " (dag stores an enum by its name())" : "Declare the component with a type that holds it "
                    + "(docs/types.md), or cast the column in SQL";
            throw ValueRefusal.ofValue(value, "the column holds " + value.getClass().getName() + " values, and this "
                    + "one does not fit the component " + component + " exactly", remedy);
        }
        return converted;
    }

    /** {@code value} as a {@code box}, or null when it would change. */
    private static Object converted(Object value, Class<?> box) {
        if (value instanceof Number number && Number.class.isAssignableFrom(box)) {
            return ExactNumbers.convert(number, box);
        }
        if (box.isEnum() && value instanceof String name) {
            return Arrays.stream(box.getEnumConstants()).filter(constant -> ((Enum<?>) constant).name().equals(name))
                    .findFirst().orElse(null);
        }
        if (box == Character.class && value instanceof String text && text.length() == 1) {
            return text.charAt(0);
        }
        if (box == LocalDate.class && value instanceof LocalDateTime dateTime
                && dateTime.toLocalTime().equals(LocalTime.MIDNIGHT)) {
            return dateTime.toLocalDate();
        }
        if (box == LocalDateTime.class && value instanceof LocalDate date) {
            return date.atStartOfDay();
        }
        if (box == OffsetDateTime.class && value instanceof Instant instant) {
            return instant.atOffset(ZoneOffset.UTC);
        }
        return null;
    }
}
