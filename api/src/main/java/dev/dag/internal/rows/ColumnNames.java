package dev.dag.internal.rows;

import java.util.List;

/**
 * The one rule for column names dag derives from Java (record components, map keys): snake_case, the same on every
 * database. A capital letter that follows a small letter or a digit starts a new word ({@code _} before it), and
 * capitals become small letters: {@code shippedOn} is {@code shipped_on}, {@code customerID}
 * {@code customer_id}, {@code line2Text} {@code line2_text}; a name already in snake_case stays as it is. Written
 * unquoted in SQL, such a name means the same column on DuckDB (which matches names without regard to case) and on
 * PostgreSQL (which folds unquoted names to small letters), so SQL that works on one works on the other.
 */
public final class ColumnNames {
    /** Where the rule is explained to users; error messages point there. */
    public static final String DOCS = "docs/types.md#column-names";

    private ColumnNames() {
    }

    /** The column name of the Java name {@code javaName}. */
    public static String of(String javaName) {
        StringBuilder column = new StringBuilder(javaName.length() + 4);
        char previous = 0;
        for (int i = 0; i < javaName.length(); i++) {
            char c = javaName.charAt(i);
            if (Character.isUpperCase(c)) {
                if (Character.isLowerCase(previous) || Character.isDigit(previous)) {
                    column.append('_');
                }
                column.append(Character.toLowerCase(c));
            } else {
                column.append(c);
            }
            previous = c;
        }
        return column.toString();
    }

    /** The column names of the Java names {@code javaNames}, in order. */
    public static List<String> all(List<String> javaNames) {
        return javaNames.stream().map(ColumnNames::of).toList();
    }

    /**
     * Whether {@code a} and {@code b} are one name in two spellings (camelCase, snake_case, or folded to small
     * letters as PostgreSQL folds an unquoted name): equal once small letters and without underscores.
     */
    public static boolean sameWords(String a, String b) {
        return squashed(a).equals(squashed(b));
    }

    private static String squashed(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c != '_') {
                out.append(Character.toLowerCase(c));
            }
        }
        return out.toString();
    }
}
