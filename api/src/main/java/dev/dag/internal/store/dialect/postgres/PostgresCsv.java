package dev.dag.internal.store.dialect.postgres;

import dev.dag.internal.store.dialect.ColumnType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HexFormat;

/**
 * The text of one value in a field of PostgreSQL's {@code COPY ... (FORMAT csv)}, exact for every value the rows
 * layer lets through. Null is an unquoted empty field; text is always quoted, so that an empty string, the text
 * {@code \N} and text holding commas, quotes or newlines arrive unchanged. Dates are written the way PostgreSQL
 * reads them whatever its {@code DateStyle}: ISO order, years after 9999 without a sign, years before 1 as
 * {@code BC}, and instants with an explicit {@code +00} offset, independent of the session's time zone.
 */
public final class PostgresCsv {
    private static final HexFormat HEX = HexFormat.of();
    private static final int LAST_FOUR_DIGIT_YEAR = 9999;

    private PostgresCsv() {
    }

    /** Appends the field for {@code value} (of the column type's value type) to {@code out}. */
    public static void appendField(StringBuilder out, ColumnType type, Object value) {
        if (value == null) {
            return;
        }
        switch (type) {
            case VARCHAR -> quoted(out, (String) value);
            case DECIMAL -> out.append(((BigDecimal) value).toPlainString());
            case DATE -> date(out, (LocalDate) value, true);
            case TIMESTAMP -> timestamp(out, (LocalDateTime) value, "");
            case TIMESTAMPTZ -> timestamp(out, LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC), "+00");
            case BLOB -> out.append("\\x").append(HEX.formatHex((byte[]) value));
            // Float and Double print the shortest text that reads back as the same value, NaN and infinities
            // included; LocalTime prints ISO text, which PostgreSQL reads in any DateStyle
            case BOOLEAN, SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, TIME, UUID -> out.append(value);
        }
    }

    private static void quoted(StringBuilder out, String text) {
        out.append('"');
        int from = 0;
        for (int quote = text.indexOf('"'); quote >= 0; quote = text.indexOf('"', from)) {
            out.append(text, from, quote + 1).append('"');
            from = quote + 1;
        }
        out.append(text, from, text.length()).append('"');
    }

    private static void timestamp(StringBuilder out, LocalDateTime value, String offset) {
        date(out, value.toLocalDate(), false);
        out.append(' ');
        time(out, value.toLocalTime());
        out.append(offset);
        era(out, value.getYear());
    }

    /** {@code yyyy-mm-dd}, with the era after it when {@code withEra}. */
    private static void date(StringBuilder out, LocalDate value, boolean withEra) {
        int year = value.getYear();
        if (year >= 1 && year <= LAST_FOUR_DIGIT_YEAR) {
            out.append(value); // ISO text is exactly PostgreSQL's for these years
            return;
        }
        int yearOfEra = year >= 1 ? year : 1 - year;
        pad(out, yearOfEra, 4).append('-');
        pad(out, value.getMonthValue(), 2).append('-');
        pad(out, value.getDayOfMonth(), 2);
        if (withEra) {
            era(out, year);
        }
    }

    private static void time(StringBuilder out, LocalTime value) {
        pad(out, value.getHour(), 2).append(':');
        pad(out, value.getMinute(), 2).append(':');
        pad(out, value.getSecond(), 2);
        if (value.getNano() != 0) {
            out.append('.');
            pad(out, value.getNano(), 9);
        }
    }

    private static void era(StringBuilder out, int year) {
        if (year < 1) {
            out.append(" BC");
        }
    }

    private static StringBuilder pad(StringBuilder out, int number, int digits) {
        String text = Integer.toString(number);
        for (int i = text.length(); i < digits; i++) {
            out.append('0');
        }
        return out.append(text);
    }
}
