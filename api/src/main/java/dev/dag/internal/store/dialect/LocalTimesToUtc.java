package dev.dag.internal.store.dialect;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;

/**
 * An SQL expression moving a {@code TIMESTAMP} column from the wall-clock time of a zone to UTC, for stored times
 * in a known range: the offset the zone had at each time, as a {@code CASE} over the zone's transitions in the range
 * (their local times computed here, so that neither database needs to know the zone). The same text works on
 * DuckDB and PostgreSQL. In the hour a zone repeats when it sets its clocks back, a time is taken for the first
 * of the two instants it names.
 */
final class LocalTimesToUtc {
    private static final DateTimeFormatter TEXT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");
    /** Transitions this much around the range are included too: the range's bounds are local times. */
    private static final Duration MARGIN = Duration.ofDays(2);

    /** A local time from which on (until the next boundary) a zone had one offset. */
    private record Boundary(LocalDateTime from, ZoneOffset offset) {
    }

    private final ZoneOffset first;
    private final List<Boundary> boundaries = new ArrayList<>();

    LocalTimesToUtc(ZoneRules zone, LocalDateTime earliest, LocalDateTime latest) {
        Instant start = earliest.toInstant(ZoneOffset.UTC).minus(MARGIN);
        Instant end = latest.toInstant(ZoneOffset.UTC).plus(MARGIN);
        first = zone.getOffset(start);
        for (ZoneOffsetTransition transition = zone.nextTransition(start);
             transition != null && transition.getInstant().isBefore(end);
             transition = zone.nextTransition(transition.getInstant())) {
            // before the change every local time is in the old offset, so the first of two alike is meant
            boundaries.add(new Boundary(transition.getDateTimeBefore(), transition.getOffsetAfter()));
        }
    }

    /** The UTC time of {@code column}'s local time, or null when the zone is UTC throughout the range. */
    String expression(String column) {
        if (boundaries.isEmpty()) {
            return first.getTotalSeconds() == 0 ? null : minus(column, first);
        }
        StringBuilder cases = new StringBuilder("CASE");
        ZoneOffset offset = first;
        for (Boundary boundary : boundaries) {
            cases.append(" WHEN ").append(column).append(" < CAST('").append(TEXT.format(boundary.from()))
                    .append("' AS TIMESTAMP) THEN ").append(minus(column, offset));
            offset = boundary.offset();
        }
        return cases.append(" ELSE ").append(minus(column, offset)).append(" END").toString();
    }

    private static String minus(String column, ZoneOffset offset) {
        return column + " - CAST('" + offset.getTotalSeconds() + " seconds' AS INTERVAL)";
    }
}
