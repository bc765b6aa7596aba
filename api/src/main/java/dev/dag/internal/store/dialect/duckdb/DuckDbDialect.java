package dev.dag.internal.store.dialect.duckdb;

import dev.dag.internal.store.dialect.BulkLoader;
import dev.dag.internal.store.dialect.Capabilities;
import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnReader;
import dev.dag.internal.store.dialect.StandardSql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * DuckDB (embedded). Its DDL is transactional, which stage publishing relies on; it has no
 * {@code ALTER TABLE ... SET SCHEMA} and no schema rename, which is why stages are views over
 * immutable physical tables (see docs/storage.md).
 */
public final class DuckDbDialect extends StandardSql {
    private final BulkLoader appender = new DuckDbAppenderLoader();

    @Override
    public String name() {
        return "duckdb";
    }

    @Override
    public boolean accepts(String jdbcUrl) {
        return jdbcUrl.startsWith("jdbc:duckdb:");
    }

    @Override
    public Capabilities capabilities() {
        // an embedded file: transactional, reads take no locks, one process at a time
        return new Capabilities(true, false, false, false, true, false, true);
    }

    @Override
    public Optional<String> reservedSchema(String schema, String jdbcUrl) {
        String name = schema.toLowerCase(Locale.ROOT);
        if (Set.of("main", "temp", "system", "information_schema", "pg_catalog").contains(name)) {
            return Optional.of("a schema of every DuckDB database");
        }
        return name.equals(catalogOf(jdbcUrl)) ? Optional.of("the name of the database file's catalog")
                : Optional.empty();
    }

    /** An in-memory database holds nothing before a pool opens it; a file, once it exists. */
    /** One statement: DuckDB replaces a view whatever the columns of its new query. */
    @Override
    public List<String> replaceView(String schema, String view, String targetSchema, String targetTable) {
        return List.of("CREATE OR REPLACE VIEW " + qualified(schema, view) + " AS SELECT * FROM "
                + qualified(targetSchema, targetTable));
    }

    /** DuckDB's default schema is a setting of the connection, which outlives the transaction. */
    @Override
    public List<String> useSchema(String schema) {
        return List.of("SET schema = '" + schema.replace("'", "''") + "'");
    }

    @Override
    public List<String> resetSchema() {
        return List.of("RESET schema");
    }

    /** {@code rowid} numbers a table's rows in the order they were inserted. */
    @Override
    public String selectAllInWrittenOrder(String schema, String table) {
        return selectAll(schema, table) + " ORDER BY rowid";
    }

    @Override
    public boolean mayHoldData(String jdbcUrl) {
        String path = pathOf(jdbcUrl);
        return !path.isEmpty() && !path.startsWith(":memory:") && !path.startsWith("memory:")
                && Files.exists(Path.of(path));
    }

    private static String pathOf(String jdbcUrl) {
        String path = jdbcUrl.substring("jdbc:duckdb:".length());
        int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }

    /** The catalog name DuckDB gives the database of {@code jdbcUrl}: the file name without extension. */
    private static String catalogOf(String jdbcUrl) {
        String path = pathOf(jdbcUrl);
        if (path.isEmpty() || path.startsWith(":memory:")) {
            return "memory";
        }
        String file = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        int dot = file.indexOf('.');
        return (dot < 0 ? file : file.substring(0, dot)).toLowerCase(Locale.ROOT);
    }

    /** {@code list_contains}: a join against the unnested list costs DuckDB twice as much. */
    @Override
    public String memberOf(String value, String array) {
        return "list_contains(" + array + ", " + value + ")";
    }

    @Override
    public String jsonArrayElements(String column) {
        return "json_each(" + column + ")";
    }

    @Override
    public String jsonArrayOfObjects(List<String> keys, List<String> columns) {
        return "CAST(json_group_array(json_object(" + pairs(keys, columns) + ")) AS VARCHAR)";
    }

    @Override
    public int maxIdentifierBytes() {
        return PORTABLE_IDENTIFIER_BYTES;
    }

    @Override
    public String sqlType(Column column) {
        return switch (column.type()) {
            case BOOLEAN -> "BOOLEAN";
            case SMALLINT -> "SMALLINT";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case REAL -> "REAL";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> "DECIMAL(" + column.precision() + ", " + column.scale() + ")";
            case VARCHAR -> "VARCHAR";
            case DATE -> "DATE";
            case TIME -> "TIME";
            case TIMESTAMP -> "TIMESTAMP";
            case TIMESTAMPTZ -> "TIMESTAMPTZ";
            case UUID -> "UUID";
            case BLOB -> "BLOB";
        };
    }

    @Override
    public BulkLoader bulkLoader() {
        return appender;
    }

    @Override
    public ColumnReader columnReader(ResultSetMetaData meta, int column) throws SQLException {
        return DuckDbColumnReaders.of(meta, column);
    }
}
