package dev.dag.internal.rows.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** A number read from a column reaches a component of another number type only when no digit changes. */
class ExactNumbersTest {
    @Test
    void integersNarrowOnlyWithinRange() {
        assertEquals(7, ExactNumbers.convert(7L, Integer.class));
        assertNull(ExactNumbers.convert(10_000_000_000L, Integer.class));
        assertEquals((short) -32768, ExactNumbers.convert(-32768, Short.class));
        assertNull(ExactNumbers.convert(128, Byte.class));
        assertNull(ExactNumbers.convert(new BigInteger("9223372036854775808"), Long.class));
    }

    @Test
    void decimalsAndDoublesBecomeIntegersOnlyWithoutAFraction() {
        assertEquals(3, ExactNumbers.convert(new BigDecimal("3.00"), Integer.class));
        assertNull(ExactNumbers.convert(new BigDecimal("2.75"), Integer.class));
        assertEquals(3L, ExactNumbers.convert(3.0, Long.class));
        assertNull(ExactNumbers.convert(2.75, Integer.class));
        assertNull(ExactNumbers.convert(Double.NaN, Long.class));
    }

    @Test
    void doublesTakeIntegersAndDecimalsThatPrintTheSame() {
        assertEquals(0.1, ExactNumbers.convert(new BigDecimal("0.10"), Double.class));
        assertNull(ExactNumbers.convert(new BigDecimal("0.12345678901234567890"), Double.class));
        assertEquals(9.007199254740992E15, ExactNumbers.convert(1L << 53, Double.class));
        assertNull(ExactNumbers.convert((1L << 53) + 1, Double.class));
        assertNull(ExactNumbers.convert(Long.MAX_VALUE, Double.class));
        assertEquals(0x1p60, ExactNumbers.convert(1L << 60, Double.class), "exactly a double, though not its text");
        assertEquals((double) 1.1f, ExactNumbers.convert(1.1f, Double.class));
    }

    @Test
    void floatsTakeDoublesThatAreExactlyFloats() {
        assertEquals(0.5f, ExactNumbers.convert(0.5, Float.class));
        assertNull(ExactNumbers.convert(0.1, Float.class));
        assertEquals(Float.NaN, ExactNumbers.convert(Double.NaN, Float.class));
        assertEquals(Float.NEGATIVE_INFINITY, ExactNumbers.convert(Double.NEGATIVE_INFINITY, Float.class));
        assertNull(ExactNumbers.convert(16_777_217, Float.class));
    }

    @Test
    void decimalsTakeEveryFiniteNumber() {
        assertEquals(new BigDecimal("2.5"), ExactNumbers.convert(2.5, BigDecimal.class));
        assertEquals(new BigDecimal("7"), ExactNumbers.convert(7, BigDecimal.class));
        assertNull(ExactNumbers.convert(Double.POSITIVE_INFINITY, BigDecimal.class));
        assertEquals(new BigInteger("12"), ExactNumbers.convert(new BigDecimal("12.0"), BigInteger.class));
    }
}
