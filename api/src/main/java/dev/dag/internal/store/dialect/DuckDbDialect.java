package dev.dag.internal.store.dialect;

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
    public String sqlType(ColumnType type) {
        return switch (type) {
            case BOOLEAN -> "BOOLEAN";
            case SMALLINT -> "SMALLINT";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case REAL -> "REAL";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> "DECIMAL(38, " + DecimalScale.SCALE + ")";
            case VARCHAR -> "VARCHAR";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case TIMESTAMPTZ -> "TIMESTAMPTZ";
            case UUID -> "UUID";
        };
    }

    @Override
    public BulkLoader bulkLoader() {
        return appender;
    }
}
