package dev.dag.internal.store.meta;

import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.function.Function;

/**
 * How metadata values go through JDBC. One column of many rows is one array parameter, for the statements of
 * {@code MetadataSql} that take a column as one array: a statement whose size does not grow with its rows. Times
 * (runs, task outcomes, stage commits) are instants, stored as their wall-clock time at UTC in {@code TIMESTAMP}
 * columns: written as text and read as {@code LocalDateTime}, never through {@code java.sql.Timestamp}, which both
 * drivers convert in the JVM's zone (a store shared by JVMs in different zones would mix their clocks, and the
 * hour a zone repeats when it sets its clocks back would name two instants).
 */
final class MetadataValues {
    private static final DateTimeFormatter TIME_TEXT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    private MetadataValues() {
    }

    /**
     * {@code instant} as the text a {@code CAST(? AS TIMESTAMP)} parameter takes. Written by hand for the years
     * 1000-9999: a run writes several times and the formatter's generic path stays slow in code that runs a few
     * times per run (not yet compiled); other years take the formatter.
     */
    static String timeText(Instant instant) {
        LocalDateTime utc = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
        if (utc.getYear() < 1000 || utc.getYear() > 9999) {
            return TIME_TEXT.format(utc);
        }
        char[] text = new char[26];
        digits(text, 0, utc.getYear(), 4);
        text[4] = '-';
        digits(text, 5, utc.getMonthValue(), 2);
        text[7] = '-';
        digits(text, 8, utc.getDayOfMonth(), 2);
        text[10] = ' ';
        digits(text, 11, utc.getHour(), 2);
        text[13] = ':';
        digits(text, 14, utc.getMinute(), 2);
        text[16] = ':';
        digits(text, 17, utc.getSecond(), 2);
        text[19] = '.';
        digits(text, 20, utc.getNano() / 1000, 6);
        return new String(text);
    }

    /** Writes {@code value} as {@code width} decimal digits, zero-padded, into {@code text} at {@code at}. */
    private static void digits(char[] text, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /** The instant in {@code column} (1-based) of the current row, or null. */
    static Instant readTime(ResultSet rows, int column) throws SQLException {
        LocalDateTime utc = rows.getObject(column, LocalDateTime.class);
        return utc == null ? null : utc.toInstant(ZoneOffset.UTC);
    }

    static <T> Array varchars(Connection connection, Collection<T> rows, Function<T, String> column)
            throws SQLException {
        return connection.createArrayOf("varchar", rows.stream().map(column).toArray(String[]::new));
    }

    /** Instants as the text of their time at UTC. */
    static <T> Array times(Connection connection, Collection<T> rows, Function<T, Instant> column)
            throws SQLException {
        return connection.createArrayOf("varchar",
                rows.stream().map(row -> timeText(column.apply(row))).toArray(String[]::new));
    }
}
