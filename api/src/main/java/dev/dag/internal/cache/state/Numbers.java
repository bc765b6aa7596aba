package dev.dag.internal.cache.state;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Numbers: integral ones as JSON integers by value, whatever their Java type ({@code 1} and {@code 1L} are the
 * same key); {@code double} and {@code float} by their exact bits, tagged apart; {@code BigDecimal} with its scale.
 */
final class Numbers {
    private Numbers() {
    }

    /** Writes {@code value} if it is a number of the JDK's; false for any other value. */
    static boolean write(Object value, JsonWriter out) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte
                || value instanceof BigInteger) {
            out.raw(value.toString());
        } else if (value instanceof Double number) {
            // the hex form is specified by the JDK; the digits of Double.toString changed in JDK 19
            out.tagged("$double", Double.toHexString(number));
        } else if (value instanceof Float number) {
            out.tagged("$float", Float.toHexString(number));
        } else if (value instanceof BigDecimal decimal) {
            out.tagged("$decimal", decimalText(decimal));
        } else {
            return false;
        }
        return true;
    }

    /**
     * The plain text of {@code decimal} with its scale ({@code 1.50} is not {@code 1.5}: the scale can change the
     * type of a literal, rounding, the text of a result); a negative scale in scientific form ({@code 1E+3}),
     * which keeps it apart from {@code 1000}.
     */
    private static String decimalText(BigDecimal decimal) {
        return decimal.scale() >= 0 ? decimal.toPlainString() : decimal.toString();
    }
}
