package dev.dag.it.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The rules of docs/types.md about single values, written down again for the tests, apart from dag's code: which
 * values are stored exactly, and the digits a decimal needs.
 */
final class TypeModel {
    static final LocalDate FIRST_DATE = LocalDate.of(-4713, 11, 24);
    static final LocalDate LAST_DATE = LocalDate.of(5_874_897, 12, 31);
    static final LocalDateTime FIRST_TIMESTAMP = FIRST_DATE.atStartOfDay();
    static final LocalDateTime LAST_TIMESTAMP = LocalDateTime.of(294_247, 1, 10, 4, 0, 54, 775_806_000);
    static final int MAX_DIGITS = 38;

    private TypeModel() {
    }

    /** Whether {@code value} (not null, not an Optional) is stored exactly by itself, in any column. */
    static boolean storable(Object value) {
        if (value instanceof String text) {
            return isUnicodeWithoutNul(text);
        }
        if (value instanceof Character character) {
            return isUnicodeWithoutNul(String.valueOf(character));
        }
        if (value instanceof LocalDate date) {
            return !date.isBefore(FIRST_DATE) && !date.isAfter(LAST_DATE);
        }
        if (value instanceof LocalTime time) {
            return time.getNano() % 1000 == 0;
        }
        if (value instanceof LocalDateTime dateTime) {
            return dateTime.getNano() % 1000 == 0 && !dateTime.isBefore(FIRST_TIMESTAMP)
                    && !dateTime.isAfter(LAST_TIMESTAMP);
        }
        if (value instanceof Instant instant) {
            return instant.getNano() % 1000 == 0 && !instant.isBefore(FIRST_TIMESTAMP.toInstant(ZoneOffset.UTC))
                    && !instant.isAfter(LAST_TIMESTAMP.toInstant(ZoneOffset.UTC));
        }
        if (value instanceof OffsetDateTime dateTime) {
            return dateTime.getOffset().equals(ZoneOffset.UTC) && storable(dateTime.toInstant());
        }
        if (value instanceof BigDecimal || value instanceof BigInteger) {
            return integerDigits(value) + scale(value) <= MAX_DIGITS;
        }
        return true;
    }

    /** Digits before the point of a decimal or integer, 0 for zero. */
    static int integerDigits(Object number) {
        BigDecimal decimal = decimal(number);
        return decimal.signum() == 0 ? 0 : Math.max(decimal.precision() - decimal.scale(), 0);
    }

    /** Digits after the point, 0 for an integer or a negative scale. */
    static int scale(Object number) {
        return Math.max(decimal(number).scale(), 0);
    }

    static BigDecimal decimal(Object number) {
        if (number instanceof BigDecimal decimal) {
            return decimal;
        }
        if (number instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        return BigDecimal.valueOf(((Number) number).longValue());
    }

    private static boolean isUnicodeWithoutNul(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || Character.isLowSurrogate(c)) {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }
}
