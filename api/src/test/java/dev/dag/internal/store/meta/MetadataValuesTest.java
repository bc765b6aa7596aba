package dev.dag.internal.store.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The time text written to the metadata is the one the standard formatter gives, digit for digit. */
class MetadataValuesTest {
    private static final DateTimeFormatter STANDARD = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    private static String standard(Instant instant) {
        return STANDARD.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }

    @Test
    void timeTextIsTheFormattersTextForEdgesAndRandomInstants() {
        for (String edge : new String[] {"2026-12-03T07:05:09.000001Z", "2026-01-01T00:00:00Z",
                "1999-12-31T23:59:59.999999Z", "1000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z",
                "0999-12-31T23:59:59.5Z", "+10000-01-01T00:00:00Z", "1970-01-01T00:00:00.000000999Z"}) {
            Instant instant = Instant.parse(edge);
            assertEquals(standard(instant), MetadataValues.timeText(instant), edge);
        }
        SplittableRandom random = new SplittableRandom(20261203);
        for (int i = 0; i < 10_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(-30_000_000_000L, 250_000_000_000L),
                    random.nextInt(1_000_000_000));
            assertEquals(standard(instant), MetadataValues.timeText(instant), instant.toString());
        }
    }
}
