package dev.dag.internal.store.dialect;

import java.util.Objects;

/**
 * A column of a table dag creates for in-memory rows. A {@link ColumnType#DECIMAL} column has a precision (1 to
 * {@value #MAX_DECIMAL_PRECISION} digits, the most DuckDB holds) and a scale (digits after the point, 0 to the
 * precision); the other types have neither (both 0).
 */
public record Column(String name, ColumnType type, int precision, int scale) {
    /** The most digits a decimal column holds on every supported database (DuckDB's limit). */
    public static final int MAX_DECIMAL_PRECISION = 38;

    /**
     * @throws IllegalArgumentException for a decimal column without a valid precision and scale, or another
     *     column with one
     */
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        boolean decimal = type == ColumnType.DECIMAL;
        boolean valid = decimal ? precision >= 1 && precision <= MAX_DECIMAL_PRECISION && scale >= 0
                && scale <= precision : precision == 0 && scale == 0;
        if (!valid) {
            throw new IllegalArgumentException("column '" + name + "': " + type + " with precision " + precision
                    + " and scale " + scale);
        }
    }

    /** A column of a type without precision (every type but DECIMAL). */
    public Column(String name, ColumnType type) {
        this(name, type, 0, 0);
    }

    /** A {@code DECIMAL(precision, scale)} column. */
    public static Column decimal(String name, int precision, int scale) {
        return new Column(name, ColumnType.DECIMAL, precision, scale);
    }
}
