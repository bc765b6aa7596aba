package dev.dag.internal.cache.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQL text as tokens for the readings of this package: names (quoted or not), dag's {@code {table:key}}
 * placeholders and punctuation; string literals and comments give no token, so that nothing inside them
 * counts. Public so that a caller reading one statement several ways splits it once.
 */
public final class SqlTokens {
    /**
     * One pass from left to right, so that whichever of a literal, a comment or a quoted name starts first hides
     * the marks of the others inside it (an apostrophe in a comment, {@code --} in a literal). Literals (standard,
     * PostgreSQL's {@code E'...'} with backslash escapes and dollar-quoted) and comments match the group
     * {@code text} and give no token.
     */
    private static final Pattern TOKEN = Pattern.compile(
            "(?<text>[Ee]'(?:[^'\\\\]|\\\\.|'')*'|'(?:[^']|'')*'|\\$(\\w*)\\$.*?\\$\\2\\$|--[^\\n]*|/\\*.*?\\*/)"
                    + "|\"(?:[^\"]|\"\")*\"|`[^`]*`|[A-Za-z_][A-Za-z0-9_$]*|\\{table:[^}]*}|[(),.;]",
            Pattern.DOTALL);

    private SqlTokens() {
    }

    public static List<String> of(String sql) {
        List<String> tokens = new ArrayList<>();
        Matcher matcher = TOKEN.matcher(sql);
        while (matcher.find()) {
            if (matcher.start("text") < 0) {
                tokens.add(matcher.group());
            }
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
