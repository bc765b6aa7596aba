package dev.dag.internal.store.dialect.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.internal.store.dialect.ColumnType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The text of each value in a COPY csv field: what PostgreSQL reads back as the same value. */
class PostgresCsvTest {
    private static String field(ColumnType type, Object value) {
        StringBuilder out = new StringBuilder();
        PostgresCsv.appendField(out, type, value);
        return out.toString();
    }

    @Test
    void nullIsAnEmptyUnquotedFieldAndTextIsAlwaysQuoted() {
        assertEquals("", field(ColumnType.VARCHAR, null));
        assertEquals("\"\"", field(ColumnType.VARCHAR, ""));
        assertEquals("\"\\N\"", field(ColumnType.VARCHAR, "\\N"));
        assertEquals("\"a \"\"b\"\", c\nd\\e\"", field(ColumnType.VARCHAR, "a \"b\", c\nd\\e"));
        assertEquals("\"\"\"\"\"\"", field(ColumnType.VARCHAR, "\"\""));
    }

    @Test
    void datesBeforeYearOneAreWrittenWithTheirEraAndLongYearsWithoutASign() {
        assertEquals("2026-03-29", field(ColumnType.DATE, LocalDate.of(2026, 3, 29)));
        assertEquals("4714-11-24 BC", field(ColumnType.DATE, LocalDate.of(-4713, 11, 24)));
        assertEquals("0001-12-31 BC", field(ColumnType.DATE, LocalDate.of(0, 12, 31)));
        assertEquals("5874897-12-31", field(ColumnType.DATE, LocalDate.of(5_874_897, 12, 31)));
    }

    @Test
    void timestampsPutTheEraLastAndInstantsAnExplicitUtcOffset() {
        assertEquals("2026-03-29 02:30:00", field(ColumnType.TIMESTAMP, LocalDateTime.of(2026, 3, 29, 2, 30)));
        assertEquals("0044-03-15 12:00:00.000001000 BC", field(ColumnType.TIMESTAMP,
                LocalDateTime.of(-43, 3, 15, 12, 0, 0, 1_000)));
        assertEquals("294247-01-10 04:00:54.775806000+00", field(ColumnType.TIMESTAMPTZ,
                Instant.parse("+294247-01-10T04:00:54.775806Z")));
        assertEquals("1969-12-31 23:59:59.999999000+00", field(ColumnType.TIMESTAMPTZ,
                Instant.parse("1969-12-31T23:59:59.999999Z")));
    }

    @Test
    void numbersBooleansTimesAndUuidsAreTheirJavaText() {
        assertEquals("-0.0", field(ColumnType.DOUBLE, -0.0));
        assertEquals("NaN", field(ColumnType.REAL, Float.NaN));
        assertEquals("-Infinity", field(ColumnType.DOUBLE, Double.NEGATIVE_INFINITY));
        assertEquals("0.000000001", field(ColumnType.DECIMAL, new BigDecimal("1E-9")));
        assertEquals("true", field(ColumnType.BOOLEAN, true));
        assertEquals("23:59:59.999999", field(ColumnType.TIME, LocalTime.of(23, 59, 59, 999_999_000)));
        assertEquals("00000000-0000-0001-0000-000000000002", field(ColumnType.UUID, new UUID(1, 2)));
    }

    @Test
    void bytesAreHexWithAnEmptyArrayDistinctFromNull() {
        assertEquals("\\x00ff5c", field(ColumnType.BLOB, new byte[] {0, -1, 92}));
        assertEquals("\\x", field(ColumnType.BLOB, new byte[0]));
    }
}
