package dev.dag.internal.rows;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The dates and times every supported database holds exactly: microseconds, and the range both DuckDB and
 * PostgreSQL hold (PostgreSQL's first day, 4714-11-24 BC, and for timestamps DuckDB's last microsecond), so that a
 * flow that writes on one database writes on the other. Values outside are refused, never rounded or clamped.
 */
final class TimeLimits {
    /** 4714-11-24 BC (ISO year -4713), the first day PostgreSQL holds. */
    static final LocalDate FIRST_DATE = LocalDate.of(-4713, 11, 24);
    /** The last day PostgreSQL holds. */
    static final LocalDate LAST_DATE = LocalDate.of(5_874_897, 12, 31);
    static final LocalDateTime FIRST_TIMESTAMP = FIRST_DATE.atStartOfDay();
    /** The last microsecond DuckDB holds: 2^63 - 2 microseconds after 1970 (2^63 - 1 is its infinity). */
    static final LocalDateTime LAST_TIMESTAMP = LocalDateTime.of(294_247, 1, 10, 4, 0, 54, 775_806_000);
    static final Instant FIRST_INSTANT = FIRST_TIMESTAMP.toInstant(ZoneOffset.UTC);
    static final Instant LAST_INSTANT = LAST_TIMESTAMP.toInstant(ZoneOffset.UTC);

    private static final int NANOS_PER_MICRO = 1_000;

    private TimeLimits() {
    }

    static LocalDate date(LocalDate value) {
        if (value.isBefore(FIRST_DATE) || value.isAfter(LAST_DATE)) {
            throw outOfRange(value, "dates", FIRST_DATE, LAST_DATE);
        }
        return value;
    }

    static LocalTime time(LocalTime value) {
        requireMicros(value, value.getNano());
        return value;
    }

    static LocalDateTime timestamp(LocalDateTime value) {
        requireMicros(value, value.getNano());
        if (value.isBefore(FIRST_TIMESTAMP) || value.isAfter(LAST_TIMESTAMP)) {
            throw outOfRange(value, "timestamps", FIRST_TIMESTAMP, LAST_TIMESTAMP);
        }
        return value;
    }

    /** An {@code Instant}, or an {@code OffsetDateTime} at UTC as its instant. */
    static Instant instant(Object value) {
        Instant instant;
        if (value instanceof OffsetDateTime dateTime) {
            if (!dateTime.getOffset().equals(ZoneOffset.UTC)) {
                throw ValueRefusal.ofValue(value, "a timestamptz column keeps the instant, not the offset "
                        + dateTime.getOffset() + ", so it would come back at offset Z",
                        "Convert it with value.withOffsetSameInstant(ZoneOffset.UTC), or store an Instant (and the "
                                + "offset in a column of its own if it matters)");
            }
            instant = dateTime.toInstant();
        } else {
            instant = (Instant) value;
        }
        requireMicros(value, instant.getNano());
        if (instant.isBefore(FIRST_INSTANT) || instant.isAfter(LAST_INSTANT)) {
            throw outOfRange(value, "instants", FIRST_INSTANT, LAST_INSTANT);
        }
        return instant;
    }

    private static void requireMicros(Object value, int nano) {
        if (nano % NANOS_PER_MICRO != 0) {
            throw ValueRefusal.ofValue(value, "it has a fraction of a microsecond, which neither database keeps",
                    "Truncate it first, e.g. value.truncatedTo(ChronoUnit.MICROS)");
        }
    }

    private static ValueRefusal outOfRange(Object value, String what, Object first, Object last) {
        return ValueRefusal.ofValue(value, "dag stores " + what + " from " + first + " to " + last
                + " (ISO years, year 0 being 1 BC), the range both databases hold", "Keep values in that range");
    }
}
