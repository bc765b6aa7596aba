package dev.dag.internal.store.dialect;

import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/** The SQL that DuckDB and PostgreSQL (and most databases) write the same way; dialects extend it. */
public abstract class StandardSql implements Dialect {
    /**
     * PostgreSQL's limit (63 bytes): a database without a lower one uses it too, so that a flow that runs on
     * one database runs on the others.
     */
    protected static final int PORTABLE_IDENTIFIER_BYTES = 63;

    @Override
    public String quote(String identifier) {
        return doubleQuoted(identifier);
    }

    /** An identifier in standard SQL's double quotes, inner quotes doubled. */
    public static String doubleQuoted(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    public String createSchema(String schema) {
        return "CREATE SCHEMA IF NOT EXISTS " + quote(schema);
    }

    @Override
    public String dropSchema(String schema) {
        return "DROP SCHEMA IF EXISTS " + quote(schema) + " CASCADE";
    }

    @Override
    public String createTableAs(String schema, String table, String query) {
        return "CREATE TABLE " + qualified(schema, table) + " AS\n" + query;
    }

    @Override
    public String createTable(String schema, String table, List<Column> columns) {
        return "CREATE TABLE " + qualified(schema, table) + " (" + columns.stream()
                .map(column -> quote(column.name()) + " " + sqlType(column))
                .collect(Collectors.joining(", ")) + ")";
    }

    @Override
    public String addPrimaryKey(String schema, String table, List<String> columns) {
        return "ALTER TABLE " + qualified(schema, table) + " ADD PRIMARY KEY (" + quotedList(columns) + ")";
    }

    @Override
    public String columnsOf(String schema, String table) {
        return "SELECT * FROM " + qualified(schema, table) + " WHERE 1 = 0";
    }

    @Override
    public String firstRowWithNull(String schema, String table, List<String> columns) {
        return "SELECT * FROM " + qualified(schema, table) + " WHERE " + columns.stream()
                .map(column -> quote(column) + " IS NULL").collect(Collectors.joining(" OR ")) + " LIMIT 1";
    }

    @Override
    public String setNotNull(String schema, String table, String column) {
        return "ALTER TABLE " + qualified(schema, table) + " ALTER COLUMN " + quote(column) + " SET NOT NULL";
    }

    @Override
    public String createIndex(String schema, String table, String index, List<String> columns) {
        return "CREATE INDEX " + quote(index) + " ON " + qualified(schema, table) + " (" + quotedList(columns) + ")";
    }

    @Override
    public String createView(String schema, String view, String targetSchema, String targetTable) {
        return "CREATE VIEW " + qualified(schema, view) + " AS SELECT * FROM "
                + qualified(targetSchema, targetTable);
    }

    @Override
    public String dropView(String schema, String view) {
        return "DROP VIEW IF EXISTS " + qualified(schema, view);
    }

    /** Drop and create: {@code CREATE OR REPLACE VIEW} may refuse other columns (PostgreSQL does). */
    @Override
    public List<String> replaceView(String schema, String view, String targetSchema, String targetTable) {
        return List.of(dropView(schema, view), createView(schema, view, targetSchema, targetTable));
    }

    @Override
    public String dropTable(String schema, String table) {
        return "DROP TABLE IF EXISTS " + qualified(schema, table);
    }

    @Override
    public List<String> moveTable(String schema, String table, String targetSchema, String target) {
        return List.of(createTableAs(targetSchema, target, selectAll(schema, table)));
    }

    @Override
    public String selectRelationKinds() {
        return "SELECT table_name, table_type = 'VIEW' FROM information_schema.tables WHERE table_schema = ? "
                + "ORDER BY table_name";
    }

    @Override
    public String selectRelationNames() {
        return "SELECT table_name FROM information_schema.tables WHERE table_schema = ?";
    }

    @Override
    public String selectCatalogOfRun(int stageSchemas) {
        return "SELECT table_schema, table_name, table_type = 'VIEW' FROM information_schema.tables "
                + "WHERE table_schema = ?" + (stageSchemas == 0 ? "" : " OR table_type = 'VIEW' AND table_schema IN ("
                + String.join(", ", Collections.nCopies(stageSchemas, "?")) + ")");
    }

    @Override
    public String selectAll(String schema, String table) {
        return "SELECT * FROM " + qualified(schema, table);
    }

    @Override
    public String countRows(String schema, String table) {
        return "SELECT count(*) FROM " + qualified(schema, table);
    }

    /** Quoted, comma-separated identifiers. */
    protected String quotedList(List<String> identifiers) {
        return identifiers.stream().map(this::quote).collect(Collectors.joining(", "));
    }

    /** {@code 'key1', column1, 'key2', column2, ...}: the arguments of the databases' JSON object functions. */
    protected static String pairs(List<String> keys, List<String> columns) {
        StringBuilder pairs = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            pairs.append(i == 0 ? "" : ", ").append('\'').append(keys.get(i)).append("', ").append(columns.get(i));
        }
        return pairs.toString();
    }
}
