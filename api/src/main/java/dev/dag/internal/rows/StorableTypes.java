package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.ColumnType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The Java types dag stores in a column, and the column type of each (the mapping of docs/types.md). */
final class StorableTypes {
    private static final Map<Class<?>, ColumnType> COLUMN_TYPES = Map.ofEntries(
            Map.entry(boolean.class, ColumnType.BOOLEAN), Map.entry(Boolean.class, ColumnType.BOOLEAN),
            Map.entry(byte.class, ColumnType.SMALLINT), Map.entry(Byte.class, ColumnType.SMALLINT),
            Map.entry(short.class, ColumnType.SMALLINT), Map.entry(Short.class, ColumnType.SMALLINT),
            Map.entry(int.class, ColumnType.INTEGER), Map.entry(Integer.class, ColumnType.INTEGER),
            Map.entry(long.class, ColumnType.BIGINT), Map.entry(Long.class, ColumnType.BIGINT),
            Map.entry(float.class, ColumnType.REAL), Map.entry(Float.class, ColumnType.REAL),
            Map.entry(double.class, ColumnType.DOUBLE), Map.entry(Double.class, ColumnType.DOUBLE),
            Map.entry(BigDecimal.class, ColumnType.DECIMAL), Map.entry(BigInteger.class, ColumnType.DECIMAL),
            Map.entry(char.class, ColumnType.VARCHAR), Map.entry(Character.class, ColumnType.VARCHAR),
            Map.entry(String.class, ColumnType.VARCHAR),
            Map.entry(LocalDate.class, ColumnType.DATE),
            Map.entry(LocalTime.class, ColumnType.TIME),
            Map.entry(LocalDateTime.class, ColumnType.TIMESTAMP),
            Map.entry(OffsetDateTime.class, ColumnType.TIMESTAMPTZ), Map.entry(Instant.class, ColumnType.TIMESTAMPTZ),
            Map.entry(UUID.class, ColumnType.UUID),
            Map.entry(byte[].class, ColumnType.BLOB));

    private StorableTypes() {
    }

    /** The column type for values of {@code type}; an enum is stored by its constants' names. */
    static ColumnType columnType(Class<?> type) {
        ColumnType columnType = COLUMN_TYPES.get(type);
        if (columnType == null && Enum.class.isAssignableFrom(type)) {
            return ColumnType.VARCHAR; // also a constant with a body, whose class is a subclass of its enum
        }
        return columnType;
    }

    /** {@link #columnType}, or a refusal of column {@code column} saying what to do instead. */
    static ColumnType required(Class<?> type, String column) {
        ColumnType columnType = columnType(type);
        if (columnType == null) {
            throw ValueRefusal.ofColumn(column, "it holds " + type.getName() + ", which has no column type",
                    remedyFor(type));
        }
        return columnType;
    }

    /** What to do with values of a type that has no column type. */
    static String remedyFor(Class<?> type) {
        if (type.isRecord() || type.isArray() || Collection.class.isAssignableFrom(type)
                || Map.class.isAssignableFrom(type) || type == Optional.class) {
            return "dag does not store nested values: put them in a table of their own (a row per element, with the "
                    + "key of their parent) or turn them into a String (e.g. JSON) yourself";
        }
        return "Use a type of docs/types.md: a primitive or its box, String, BigDecimal, BigInteger, an enum, "
                + "LocalDate, LocalTime, LocalDateTime, OffsetDateTime, Instant, UUID, byte[] or an Optional of one";
    }
}
