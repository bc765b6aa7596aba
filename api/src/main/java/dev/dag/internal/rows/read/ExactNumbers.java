package dev.dag.internal.rows.read;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Converts a number read from a column to a component's number type only when no digit changes: an integer
 * into a narrower integer if it is in range, a decimal or floating-point value into an integer if it has no
 * fraction, a number into {@code float} or {@code double} if that is exactly the number or prints as it (so
 * {@code 0.10} reads as {@code 0.1}, and a long beyond 2^53 without an exact double does not read as one). Null
 * means it does not fit.
 */
final class ExactNumbers {
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private ExactNumbers() {
    }

    /** {@code value} as an instance of {@code box} (a number box, BigInteger or BigDecimal), or null. */
    static Object convert(Number value, Class<?> box) {
        if (box == Double.class) {
            return toDouble(value);
        }
        if (box == Float.class) {
            return toFloat(value);
        }
        if (box == BigDecimal.class) {
            return toDecimal(value);
        }
        BigInteger integer = toInteger(value);
        if (integer == null) {
            return null;
        }
        if (box == BigInteger.class) {
            return integer;
        }
        if (integer.compareTo(LONG_MIN) < 0 || integer.compareTo(LONG_MAX) > 0) {
            return null;
        }
        long whole = integer.longValue();
        if (box == Long.class) {
            return whole;
        }
        if (box == Integer.class) {
            return whole == (int) whole ? (Object) (int) whole : null;
        }
        if (box == Short.class) {
            return whole == (short) whole ? (Object) (short) whole : null;
        }
        if (box == Byte.class) {
            return whole == (byte) whole ? (Object) (byte) whole : null;
        }
        return null;
    }

    private static BigInteger toInteger(Number value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return BigInteger.valueOf(value.longValue());
        }
        if (value instanceof BigInteger integer) {
            return integer;
        }
        BigDecimal decimal = toDecimal(value);
        if (decimal == null) {
            return null;
        }
        try {
            return decimal.toBigIntegerExact();
        } catch (ArithmeticException fraction) {
            return null;
        }
    }

    /** The decimal value of a number; a float or double by its shortest text; null for NaN and infinities. */
    private static BigDecimal toDecimal(Number value) {
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        if (value instanceof Double || value instanceof Float) {
            double floating = value.doubleValue();
            if (Double.isNaN(floating) || Double.isInfinite(floating)) {
                return null;
            }
            return new BigDecimal(value instanceof Float ? Float.toString(value.floatValue())
                    : Double.toString(floating));
        }
        return BigDecimal.valueOf(value.longValue());
    }

    private static Double toDouble(Number value) {
        if (value instanceof Float || value instanceof Double) {
            return value.doubleValue(); // a float widens exactly
        }
        double converted = value.doubleValue();
        return Double.isFinite(converted) && sameNumber(value, new BigDecimal(converted), Double.toString(converted))
                ? converted : null;
    }

    private static Float toFloat(Number value) {
        if (value instanceof Double floating) {
            float narrowed = floating.floatValue();
            return Double.isNaN(floating) || (double) narrowed == floating ? narrowed : null;
        }
        float converted = value.floatValue();
        return Float.isFinite(converted) && sameNumber(value, new BigDecimal(converted), Float.toString(converted))
                ? converted : null;
    }

    /** Whether a finite binary number, of exact value {@code exact} and shortest text {@code text}, is {@code value}. */
    private static boolean sameNumber(Number value, BigDecimal exact, String text) {
        BigDecimal decimal = toDecimal(value);
        return exact.compareTo(decimal) == 0 || new BigDecimal(text).compareTo(decimal) == 0;
    }
}
