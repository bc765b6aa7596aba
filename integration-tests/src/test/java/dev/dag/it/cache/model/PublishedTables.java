package dev.dag.it.cache.model;

import dev.dag.TableRef;
import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads every table the stages of a database publish, as any reader would: the views of each stage's schema, the
 * physical table each view reads, its rows and its primary key. One JDBC connection for all of it (the helpers of
 * {@link TestDatabase} open one per query, which would double the time of a scenario on PostgreSQL).
 */
final class PublishedTables {
    private static final Pattern PHYSICAL = Pattern.compile("dag_data\"?\\.\"?([A-Za-z0-9_]+)\"?");

    private PublishedTables() {
    }

    /** "stage.table" → what is published there, for the stages {@code stages}. */
    static Map<String, PublishedTable> read(TestDatabase db, List<String> stages) {
        Map<String, PublishedTable> tables = new TreeMap<>();
        try (Connection connection = db.connect()) {
            for (String stage : stages) {
                String schema = db.schema(stage);
                for (List<Object> view : query(connection, "SELECT table_name, view_definition FROM "
                        + "information_schema.views WHERE table_schema = ?", schema)) {
                    String name = (String) view.get(0);
                    String physical = physicalName((String) view.get(1));
                    List<List<Object>> rows = query(connection, "SELECT * FROM " + TableRef.of(schema, name));
                    rows.sort(Comparator.comparing(Object::toString));
                    tables.put(stage + "." + name, new PublishedTable(physical, rows,
                            primaryKey(connection, db.schema("dag_data"), physical)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the published tables of " + db, e);
        }
        return tables;
    }

    private static String physicalName(String viewSql) {
        Matcher matcher = PHYSICAL.matcher(viewSql);
        return matcher.find() ? matcher.group(1) : "?" + viewSql;
    }

    private static List<String> primaryKey(Connection connection, String schema, String table) throws SQLException {
        return query(connection, "SELECT k.column_name FROM information_schema.table_constraints c "
                + "JOIN information_schema.key_column_usage k "
                + "ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name "
                + "WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = ? AND c.table_name = ? "
                + "ORDER BY k.ordinal_position", schema, table).stream().map(row -> (String) row.get(0)).toList();
    }

    /** Rows of {@code sql}; integral numbers as Long, whatever type each database gives them. */
    private static List<List<Object>> query(Connection connection, String sql, Object... parameters)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery()) {
                int columns = result.getMetaData().getColumnCount();
                while (result.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= columns; i++) {
                        Object value = result.getObject(i);
                        row.add(value instanceof Number number ? (Object) number.longValue() : value);
                    }
                    rows.add(row);
                }
            }
            return rows;
        }
    }
}
