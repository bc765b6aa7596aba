package dev.dag.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/** Reads which tables or views a schema holds, with one query of the dialect. */
final class CatalogNames {
    private static final int NAMES_PER_QUERY = 500;

    private CatalogNames() {
    }

    /**
     * Which of {@code names} the query for a number of names ({@code query}, with the schema as its first parameter
     * and the names after it) finds, as the database spells them; a few hundred names per query.
     */
    static Set<String> among(Connection connection, IntFunction<String> query, String schema, List<String> names)
            throws SQLException {
        Set<String> found = new HashSet<>();
        for (int start = 0; start < names.size(); start += NAMES_PER_QUERY) {
            List<String> chunk = names.subList(start, Math.min(names.size(), start + NAMES_PER_QUERY));
            try (PreparedStatement select = connection.prepareStatement(query.apply(chunk.size()))) {
                select.setString(1, schema);
                for (int i = 0; i < chunk.size(); i++) {
                    select.setString(i + 2, chunk.get(i));
                }
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        found.add(rows.getString(1));
                    }
                }
            }
        }
        return found;
    }

    /** The names {@code query} (with the schema as its parameter) lists, as the database spells them. */
    static Set<String> in(Connection connection, String query, String schema) throws SQLException {
        Set<String> names = new HashSet<>();
        try (PreparedStatement select = connection.prepareStatement(query)) {
            select.setString(1, schema);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
        }
        return names;
    }
}
