package dev.dag.internal.store.dialect;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Column types dag creates for in-memory rows; each dialect names them in its own SQL. Each has one Java type
 * for its values (docs/types.md): the type a bulk loader is given for every non-null value of such a column,
 * and the type a {@link ColumnReader} hands back for it.
 */
public enum ColumnType {
    BOOLEAN(Boolean.class),
    SMALLINT(Short.class),
    INTEGER(Integer.class),
    BIGINT(Long.class),
    REAL(Float.class),
    DOUBLE(Double.class),
    /** Precision and scale are the column's ({@link Column#precision()}, {@link Column#scale()}). */
    DECIMAL(BigDecimal.class),
    VARCHAR(String.class),
    DATE(LocalDate.class),
    TIME(LocalTime.class),
    TIMESTAMP(LocalDateTime.class),
    /** An instant: the databases keep no offset or zone. */
    TIMESTAMPTZ(Instant.class),
    UUID(java.util.UUID.class),
    BLOB(byte[].class);

    private final Class<?> valueType;

    ColumnType(Class<?> valueType) {
        this.valueType = valueType;
    }

    /** The Java type of this column's values, written and read. */
    public Class<?> valueType() {
        return valueType;
    }
}
