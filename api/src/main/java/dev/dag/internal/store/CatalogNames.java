package dev.dag.internal.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;

/** Reads which tables and views a schema holds, through JDBC's catalog (no SQL text). */
final class CatalogNames {
    private static final Set<String> RELATIONS = Set.of("TABLE", "BASE TABLE", "VIEW", "MATERIALIZED VIEW");

    private CatalogNames() {
    }

    /** The names of the tables and views of {@code schema}, as the database spells them. */
    static Set<String> in(Connection connection, String schema) throws SQLException {
        Set<String> names = new HashSet<>();
        try (ResultSet tables = connection.getMetaData().getTables(null, schema, "%", null)) {
            while (tables.next()) {
                // the schema is a pattern ('_' matches any character); PostgreSQL lists indexes and sequences too
                String type = tables.getString("TABLE_TYPE");
                if (schema.equals(tables.getString("TABLE_SCHEM")) && type != null && RELATIONS.contains(type)) {
                    names.add(tables.getString("TABLE_NAME"));
                }
            }
        }
        return names;
    }
}
