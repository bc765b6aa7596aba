package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.Column;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The precision and scale of a decimal column inferred from its values: as many digits before the point as the
 * value with the most of them, as many after it as the value with the most decimals (so {@code 1.5} stays
 * {@code 1.5}, and a column holding {@code 1.5} and {@code 2.25} gives back {@code 1.50}). And the fitting of each
 * value to its column's scale, refused when a digit would be lost.
 */
final class DecimalDigits {
    private final String column;
    private int integerDigits;
    private long integerRow;
    private Object integerValue;
    private int scale;
    private long scaleRow;
    private Object scaleValue;

    DecimalDigits(String column) {
        this.column = column;
    }

    /** Counts the digits of {@code value} (a BigDecimal, BigInteger or integral box) of row {@code row}. */
    void add(Object value, long row) {
        BigDecimal decimal = decimalOf(value);
        int valueScale = Math.max(decimal.scale(), 0);
        int valueIntegerDigits = decimal.signum() == 0 ? 0 : Math.max(decimal.precision() - decimal.scale(), 0);
        if (valueIntegerDigits + valueScale > Column.MAX_DECIMAL_PRECISION) {
            throw ValueRefusal.ofValue(value, "it has " + (valueIntegerDigits + valueScale) + " digits, and a decimal "
                    + "column holds " + Column.MAX_DECIMAL_PRECISION, "Round it, or store it as a String or a double")
                    .at(column, row);
        }
        if (valueIntegerDigits > integerDigits) {
            integerDigits = valueIntegerDigits;
            integerRow = row;
            integerValue = value;
        }
        if (valueScale > scale) {
            scale = valueScale;
            scaleRow = row;
            scaleValue = value;
        }
    }

    /** The column that holds every value counted. */
    Column column() {
        int precision = Math.max(integerDigits + scale, 1);
        if (precision > Column.MAX_DECIMAL_PRECISION) {
            throw ValueRefusal.ofColumn(column, "together its values need " + precision + " digits (row index "
                    + integerRow + " holds " + Printable.of(integerValue) + ", " + integerDigits + " before the point; "
                    + "row index " + scaleRow + " holds " + Printable.of(scaleValue) + ", " + scale + " after it), and "
                    + "a decimal column holds " + Column.MAX_DECIMAL_PRECISION, "Round the values to fewer decimals, "
                    + "or declare the column with Table.decimal(column, precision, scale)");
        }
        return Column.decimal(column, precision, scale);
    }

    /**
     * {@code value} with the scale of {@code column}.
     *
     * @throws ValueRefusal if a digit would be lost (only a declared column can be too small)
     */
    static BigDecimal fit(Object value, Column column) {
        BigDecimal decimal = decimalOf(value);
        BigDecimal scaled;
        try {
            scaled = decimal.scale() == column.scale() ? decimal : decimal.setScale(column.scale());
        } catch (ArithmeticException roundingNeeded) {
            throw tooSmall(value, column, "more decimals than its scale " + column.scale());
        }
        if (scaled.precision() - scaled.scale() > column.precision() - column.scale()) {
            throw tooSmall(value, column, "more digits before the point than its "
                    + (column.precision() - column.scale()));
        }
        return scaled;
    }

    private static ValueRefusal tooSmall(Object value, Column column, String what) {
        return ValueRefusal.ofValue(value, "the column is declared DECIMAL(" + column.precision() + ", "
                + column.scale() + ") with Table.decimal, and the value has " + what,
                "Round the value, or declare a larger precision or scale");
    }

    private static BigDecimal decimalOf(Object value) {
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        return BigDecimal.valueOf(((Number) value).longValue());
    }
}
