package dev.dag.internal.store.dialect;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Decimal columns dag creates hold 38 digits with a scale of 10; values must fit without rounding. */
final class DecimalScale {
    /** Digits after the decimal point of every DECIMAL column dag creates. */
    static final int SCALE = 10;

    private DecimalScale() {
    }

    /**
     * {@code value} with the column's scale.
     *
     * @throws IllegalArgumentException naming the column if the value has more decimals than fit
     */
    static BigDecimal fit(BigDecimal value, String column) {
        try {
            return value.setScale(SCALE, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("column '" + column + "' holds " + value.toPlainString()
                    + ", which has more than " + SCALE + " decimals; round it first", e);
        }
    }
}
