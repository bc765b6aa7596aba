package dev.dag;

import dev.dag.internal.seam.Engine;
import java.util.Objects;

/**
 * A decimal column declared with {@link Table#decimal(String, int, int)}: the precision and scale its table
 * gives it instead of those dag infers from the rows (see docs/types.md).
 *
 * @param column    the column's name, as the record component or map key spells it
 * @param precision the number of digits, 1 to 38 (the most DuckDB holds)
 * @param scale     the number of digits after the point, 0 to {@code precision}
 */
public record DecimalColumn(String column, int precision, int scale) {
    private static final int MAX_PRECISION = 38;

    /**
     * @throws DefinitionException for a precision or scale outside those ranges
     */
    public DecimalColumn {
        Objects.requireNonNull(column, "column");
        if (precision < 1 || precision > MAX_PRECISION || scale < 0 || scale > precision) {
            throw Engine.forUser(new DefinitionException("Table.decimal(\"" + column + "\", " + precision + ", " + scale
                    + "): a decimal column has a precision of 1 to " + MAX_PRECISION + " digits and a scale of 0 to its "
                    + "precision."));
        }
    }
}
