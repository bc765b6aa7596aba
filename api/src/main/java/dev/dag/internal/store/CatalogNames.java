package dev.dag.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;

/** Reads which tables or views a schema holds, with one query of the dialect. */
final class CatalogNames {
    private CatalogNames() {
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
