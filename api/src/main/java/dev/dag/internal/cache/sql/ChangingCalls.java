package dev.dag.internal.cache.sql;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The calls in a query whose value changes from run to run although the SQL does not: the current time and date,
 * random numbers, new UUIDs, sequences. A cached table built with one keeps the value of the run that built it.
 * A reading, not a parser: it serves a warning, so it may miss an exotic spelling, and never fails.
 */
public final class ChangingCalls {
    /** SQL's special values, written without parentheses (or with a precision). */
    private static final Set<String> KEYWORDS = Set.of("current_date", "current_time", "current_timestamp",
            "localtime", "localtimestamp");
    /** Functions of DuckDB and PostgreSQL, called with parentheses. */
    private static final Set<String> FUNCTIONS = Set.of("now", "today", "get_current_time",
            "get_current_timestamp", "transaction_timestamp", "statement_timestamp", "clock_timestamp", "timeofday",
            "random", "gen_random_uuid", "uuid", "uuidv4", "uuidv7", "nextval");

    private ChangingCalls() {
    }

    /** The changing calls {@code sql} makes, in lower case as written ({@code now()}, {@code current_date}), in order. */
    public static List<String> in(String sql) {
        return in(SqlTokens.of(sql));
    }

    /** As {@link #in(String)}, of a statement already split into its {@link SqlTokens}. */
    public static List<String> in(List<String> tokens) {
        Set<String> calls = new LinkedHashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            boolean qualified = i > 0 && tokens.get(i - 1).equals("."); // a column t.now, a function s.random()
            if (qualified || !SqlTokens.isBareName(token)) {
                continue;
            }
            String name = token.toLowerCase(Locale.ROOT);
            boolean called = i + 1 < tokens.size() && tokens.get(i + 1).equals("(");
            if (KEYWORDS.contains(name)) {
                calls.add(name);
            } else if (called && FUNCTIONS.contains(name)) {
                calls.add(name + "()");
            }
        }
        return List.copyOf(calls);
    }
}
