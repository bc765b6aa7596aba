package dev.dag.internal.store.dialect;

import dev.dag.internal.store.dialect.values.DuckDbColumnReaders;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;

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
