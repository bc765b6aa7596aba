package dev.dag.internal.cache.sql;

import java.util.Comparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * SQL text as it enters a lazy table's cache key: every reference to a table dag stored is replaced by
 * that table's content key, so that the key does not depend on physical names (a rerun writes new
 * physical tables and must still render the same key), and blank space and semicolons at the end go.
 */
public final class CanonicalSql {
    private CanonicalSql() {
    }

    /**
     * The canonical form of {@code sql}.
     *
     * @param keysByQuotedRef content keys of the stored tables the SQL may name, by their qualified
     *                        reference exactly as the database's dialect quotes it ({@code TableRef.toString()})
     */
    public static String of(String sql, Map<String, String> keysByQuotedRef) {
        String text = sql.strip().replaceAll("[\\s;]+$", "");
        if (keysByQuotedRef.isEmpty()) {
            return text;
        }
        // longest first, so that no reference is replaced by a shorter one it starts with
        Pattern references = Pattern.compile(keysByQuotedRef.keySet().stream()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .map(Pattern::quote)
                .collect(Collectors.joining("|")));
        Matcher matcher = references.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String replacement = "{table:" + keysByQuotedRef.get(matcher.group()) + "}";
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
