package dev.dag.internal.cache.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQL text as tokens for the readings of this package: names (quoted or not), dag's {@code {table:key}}
 * placeholders and punctuation, with string literals emptied and comments dropped, so that nothing inside them
 * counts. Public so that a caller reading one statement several ways splits it once.
 */
public final class SqlTokens {
    private static final Pattern TOKEN = Pattern.compile(
            "\"(?:[^\"]|\"\")*\"|`[^`]*`|[A-Za-z_][A-Za-z0-9_$]*|\\{table:[^}]*}|[(),.;]");

    private SqlTokens() {
    }

    public static List<String> of(String sql) {
        String bare = sql.replaceAll("'(?:[^']|'')*'", "''").replaceAll("--[^\\n]*", " ")
                .replaceAll("(?s)/\\*.*?\\*/", " ");
        List<String> tokens = new ArrayList<>();
        Matcher matcher = TOKEN.matcher(bare);
        while (matcher.find()) {
            tokens.add(matcher.group());
        }
        return tokens;
    }

    static boolean isName(String token) {
        return !token.startsWith("{") && (Character.isLetter(token.charAt(0)) || token.charAt(0) == '_'
                || token.startsWith("\"") || token.startsWith("`"));
    }

    /** Whether {@code token} is a name written without quotes (a keyword or an unquoted identifier). */
    static boolean isBareName(String token) {
        return Character.isLetter(token.charAt(0)) || token.charAt(0) == '_';
    }

    static String unquoted(String token) {
        if (token.startsWith("\"")) {
            return token.substring(1, token.length() - 1).replace("\"\"", "\"");
        }
        return token.startsWith("`") ? token.substring(1, token.length() - 1) : token;
    }
}
