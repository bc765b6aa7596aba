package dev.dag.internal.rows;

import static dev.dag.internal.rows.RowSourcesTest.drain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.store.dialect.Column;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A decimal column's precision and scale: inferred from every value, or declared; never a rounded value. */
class DecimalDigitsTest {
    record Money(BigDecimal amount) {
    }

    record Count(BigInteger count) {
    }

    private static Column columnOf(String... amounts) {
        return RowSources.of(List.of(amounts).stream().map(amount -> new Money(new BigDecimal(amount))).toList())
                .columns().get(0);
    }

    @Test
    void theScaleIsTheLargestOfTheValuesAndNotForcedToTen() {
        assertEquals(Column.decimal("amount", 2, 1), columnOf("1.5"));
        assertEquals(Column.decimal("amount", 5, 3), columnOf("1.5", "-12.25", "0.001"));
    }

    @Test
    void valuesWithAShorterScaleArePaddedToTheColumnsScale() {
        List<Object[]> rows = drain(RowSources.of(List.of(new Money(new BigDecimal("1.5")),
                new Money(new BigDecimal("2.25")))).rows());

        assertEquals(new BigDecimal("1.50"), rows.get(0)[0]);
    }

    @Test
    void aNegativeScaleCountsAsDigitsBeforeThePoint() {
        assertEquals(Column.decimal("amount", 6, 0), columnOf("1E+5"));
    }

    @Test
    void zeroNeedsNoDigitBeforeThePoint() {
        assertEquals(Column.decimal("amount", 2, 2), columnOf("0.00", "0.25"));
        assertEquals(Column.decimal("amount", 1, 0), columnOf("0"));
    }

    @Test
    void bigIntegersGetAScaleOfZero() {
        Column column = RowSources.of(List.of(new Count(new BigInteger("-123456789012345678901234567890"))))
                .columns().get(0);

        assertEquals(Column.decimal("count", 30, 0), column);
    }

    @Test
    void aValueOfMoreThanThirtyEightDigitsIsRefused() {
        ValueRefusal refusal = assertThrows(ValueRefusal.class, () -> columnOf("1." + "1".repeat(38)));

        assertTrue(refusal.getMessage().contains("39 digits"), refusal.getMessage());
        assertEquals(0, refusal.row().orElseThrow());
    }

    @Test
    void valuesThatTogetherNeedMoreThanThirtyEightDigitsAreRefusedNamingBoth() {
        ValueRefusal refusal = assertThrows(ValueRefusal.class, () -> columnOf("1" + "0".repeat(30), "0.0000000001"));

        assertTrue(refusal.getMessage().contains("41 digits"), refusal.getMessage());
        assertTrue(refusal.getMessage().contains("row index 0") && refusal.getMessage().contains("row index 1"),
                refusal.getMessage());
        assertTrue(refusal.getMessage().contains("Table.decimal"), refusal.getMessage());
    }

    @Test
    void aDeclaredColumnTakesValuesWhoseExtraDecimalsAreZeros() {
        List<Object[]> rows = drain(RowSources.of(List.of(new Money(new BigDecimal("1.500000"))),
                List.of(Column.decimal("amount", 4, 2))).rows());

        assertEquals(new BigDecimal("1.50"), rows.get(0)[0]);
    }

    @Test
    void aDeclaredColumnRefusesValuesItWouldRound() {
        ValueRefusal decimals = assertThrows(ValueRefusal.class, () -> drain(RowSources.of(
                List.of(new Money(new BigDecimal("1.005"))), List.of(Column.decimal("amount", 4, 2))).rows()));
        ValueRefusal digits = assertThrows(ValueRefusal.class, () -> drain(RowSources.of(
                List.of(new Money(new BigDecimal("123.5"))), List.of(Column.decimal("amount", 4, 2))).rows()));

        assertTrue(decimals.getMessage().contains("more decimals than its scale 2"), decimals.getMessage());
        assertTrue(digits.getMessage().contains("more digits before the point than its 2"), digits.getMessage());
    }
}
