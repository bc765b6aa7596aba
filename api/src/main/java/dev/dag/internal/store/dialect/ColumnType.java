package dev.dag.internal.store.dialect;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.UUID;

/** Column types dag creates for in-memory rows; each dialect names them in its own SQL. */
public enum ColumnType {
    BOOLEAN, SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, DECIMAL, VARCHAR, DATE, TIMESTAMP, TIMESTAMPTZ, UUID;

    /**
     * The column type for values of a Java type, or null when dag cannot store it.
     */
    public static ColumnType of(Class<?> type) {
        if (type == boolean.class || type == Boolean.class) {
            return BOOLEAN;
        }
        if (type == short.class || type == Short.class || type == byte.class || type == Byte.class) {
            return SMALLINT;
        }
        if (type == int.class || type == Integer.class) {
            return INTEGER;
        }
        if (type == long.class || type == Long.class) {
            return BIGINT;
        }
        if (type == float.class || type == Float.class) {
            return REAL;
        }
        if (type == double.class || type == Double.class) {
            return DOUBLE;
        }
        if (type == BigDecimal.class) {
            return DECIMAL;
        }
        if (type == String.class || type == char.class || type == Character.class || type.isEnum()) {
            return VARCHAR;
        }
        if (type == LocalDate.class) {
            return DATE;
        }
        if (type == LocalDateTime.class) {
            return TIMESTAMP;
        }
        if (type == Instant.class) {
            return TIMESTAMPTZ;
        }
        if (type == UUID.class) {
            return UUID;
        }
        return null;
    }
}
