package dev.dag.internal.cache.sql;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The tables a query reads, as written after {@code FROM} and {@code JOIN} (also in lists after {@code FROM}),
 * leaving out names the query defines itself ({@code WITH name AS}) and table functions. A reading, not a
 * parser: it serves a warning about tables the cache cannot see, so it may miss an exotic reference, and
 * never fails.
 */
public final class SqlTableNames {
    private static final Set<String> ENDS_A_FROM_LIST = Set.of("where", "group", "order", "having", "limit", "join",
            "inner", "left", "right", "full", "cross", "natural", "on", "using", "union", "except", "intersect",
            "window", "qualify", "offset", "fetch", "lateral", "pivot", "unpivot", "sample", "tablesample");

    private SqlTableNames() {
    }

    /** The tables {@code sql} reads, each as written (qualified or not, quotes removed), in order. */
    public static List<String> readBy(String sql) {
        return readBy(SqlTokens.of(sql));
    }

    /** As {@link #readBy(String)}, of a statement already split into its {@link SqlTokens}. */
    public static List<String> readBy(List<String> tokens) {
        Set<String> defined = definedNames(tokens);
        Set<String> read = new LinkedHashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            String keyword = tokens.get(i).toLowerCase(Locale.ROOT);
            if (keyword.equals("from")) {
                readList(tokens, i + 1, read);
            } else if (keyword.equals("join")) {
                readOne(tokens, i + 1, read);
            }
        }
        read.removeIf(name -> defined.contains(name.toLowerCase(Locale.ROOT)));
        return new ArrayList<>(read);
    }

    /**
     * Reads "a [alias], b [alias], ..." after FROM, up to what ends the list; parenthesized parts (subqueries)
     * are stepped over here, their own FROMs are read when the caller reaches them.
     */
    private static void readList(List<String> tokens, int start, Set<String> read) {
        int i = readOne(tokens, start, read);
        int depth = 0;
        while (i < tokens.size()) {
            String token = tokens.get(i);
            if (token.equals("(")) {
                depth++;
            } else if (token.equals(")")) {
                if (depth == 0) {
                    return;
                }
                depth--;
            } else if (depth == 0 && (token.equals(";") || ENDS_A_FROM_LIST.contains(token.toLowerCase(Locale.ROOT)))) {
                return;
            } else if (depth == 0 && token.equals(",")) {
                i = readOne(tokens, i + 1, read);
                continue;
            }
            i++;
        }
    }

    /** Reads one table reference at {@code start}; returns the index after it. */
    private static int readOne(List<String> tokens, int start, Set<String> read) {
        if (start >= tokens.size() || !SqlTokens.isName(tokens.get(start))) {
            return start; // a subquery, or nothing
        }
        StringBuilder name = new StringBuilder(SqlTokens.unquoted(tokens.get(start)));
        int i = start + 1;
        while (i + 1 < tokens.size() && tokens.get(i).equals(".") && SqlTokens.isName(tokens.get(i + 1))) {
            name.append('.').append(SqlTokens.unquoted(tokens.get(i + 1)));
            i += 2;
        }
        boolean function = i < tokens.size() && tokens.get(i).equals("(");
        if (!function) {
            read.add(name.toString());
        }
        return i;
    }

    /** Names defined by {@code WITH name AS (...)} and {@code , name AS (...)}, in lower case. */
    private static Set<String> definedNames(List<String> tokens) {
        Set<String> defined = new LinkedHashSet<>();
        for (int i = 1; i + 2 < tokens.size(); i++) {
            String before = tokens.get(i - 1).toLowerCase(Locale.ROOT);
            boolean opens = before.equals("with") || before.equals(",") || before.equals("recursive");
            if (opens && SqlTokens.isName(tokens.get(i)) && tokens.get(i + 1).equalsIgnoreCase("as")
                    && tokens.get(i + 2).equals("(")) {
                defined.add(SqlTokens.unquoted(tokens.get(i)).toLowerCase(Locale.ROOT));
            }
        }
        return defined;
    }
}
