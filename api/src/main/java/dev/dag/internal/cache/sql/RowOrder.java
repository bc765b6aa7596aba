package dev.dag.internal.cache.sql;

import java.util.List;
import java.util.Locale;

/**
 * Whether a query defines the order of its rows: an {@code ORDER BY} outside every parenthesis (one inside, as in
 * {@code OVER (ORDER BY ...)}, {@code string_agg(x ORDER BY y)} or a subquery, orders something else).
 */
public final class RowOrder {
    private RowOrder() {
    }

    /** Whether {@code sql} ends in an {@code ORDER BY} of its own. */
    public static boolean defined(String sql) {
        List<String> tokens = SqlTokens.of(sql);
        int depth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.equals("(")) {
                depth++;
            } else if (token.equals(")")) {
                depth--;
            } else if (depth == 0 && i + 1 < tokens.size() && keyword(token, "order") && keyword(tokens.get(i + 1), "by")) {
                return true;
            }
        }
        return false;
    }

    private static boolean keyword(String token, String keyword) {
        return SqlTokens.isBareName(token) && token.toLowerCase(Locale.ROOT).equals(keyword);
    }
}
