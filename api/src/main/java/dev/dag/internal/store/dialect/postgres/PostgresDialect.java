package dev.dag.internal.store.dialect.postgres;

import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnReader;
import dev.dag.internal.store.dialect.BulkLoader;
import dev.dag.internal.store.dialect.Capabilities;
import dev.dag.internal.store.dialect.StandardSql;
import dev.dag.internal.store.dialect.lock.Coordination;
import dev.dag.internal.store.dialect.lock.LeaseCoordination;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * PostgreSQL. DDL is transactional and views are bound to tables, not names, so the stage publish is a
 * swap of views in one transaction like on DuckDB. In-memory rows go through {@code COPY ... FROM STDIN}.
 * Stage locks are session advisory locks, released by the server when a crashed process's session ends, or
 * leases in a table for poolers in transaction mode; readers' locks bound how long a publish waits.
 */
public final class PostgresDialect extends StandardSql {
    private static final int MAX_IDENTIFIER_BYTES = 63;

    private final BulkLoader copy = new PostgresCopyLoader();

    /**
     * A table written by one {@code CREATE TABLE ... AS} has its rows at increasing {@code ctid}s in the order they
     * came; a plain scan may return them otherwise (parallel or synchronized scans).
     */
    @Override
    public String selectAllInWrittenOrder(String schema, String table) {
        return selectAll(schema, table) + " ORDER BY ctid";
    }

    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public boolean accepts(String jdbcUrl) {
        return jdbcUrl.startsWith("jdbc:postgresql:");
    }

    @Override
    public java.util.Map<String, String> connectionProperties(int seconds) {
        String value = Integer.toString(seconds);
        return java.util.Map.of("connectTimeout", value, "loginTimeout", value);
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(true, true, true, true);
    }

    @Override
    public Optional<String> reservedSchema(String schema, String jdbcUrl) {
        String name = schema.toLowerCase(Locale.ROOT);
        if (name.equals("information_schema") || name.startsWith("pg_")) {
            return Optional.of("a system schema of PostgreSQL");
        }
        // public is every database's default schema: other applications' tables live there
        return name.equals("public") ? Optional.of("the default schema, shared with every other application")
                : Optional.empty();
    }

    /** A server runs each session's statements in a process of their own: tasks at once use its cores. */
    @Override
    public int defaultParallelism() {
        return 4;
    }

    /** From the system catalog: {@code information_schema.tables} checks privileges row by row. */
    @Override
    public String selectRelationNames() {
        return "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f')";
    }

    /** From the system catalog (information_schema filters by privileges, and costs more). */
    @Override
    public String selectCatalogOfRun(int stageSchemas) {
        return "SELECT n.nspname, c.relname, c.relkind = 'v' FROM pg_catalog.pg_class c "
                + "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN "
                + "('r', 'p', 'v', 'm', 'f')" + (stageSchemas == 0 ? "" : " OR c.relkind = 'v' AND n.nspname IN ("
                + String.join(", ", java.util.Collections.nCopies(stageSchemas, "?")) + ")");
    }

    @Override
    public int maxIdentifierBytes() {
        return MAX_IDENTIFIER_BYTES;
    }

    @Override
    public String sqlType(Column column) {
        return switch (column.type()) {
            case BOOLEAN -> "BOOLEAN";
            case SMALLINT -> "SMALLINT";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case REAL -> "REAL";
            case DOUBLE -> "DOUBLE PRECISION";
            case DECIMAL -> "NUMERIC(" + column.precision() + ", " + column.scale() + ")";
            case VARCHAR -> "TEXT";
            case DATE -> "DATE";
            case TIME -> "TIME";
            case TIMESTAMP -> "TIMESTAMP";
            case TIMESTAMPTZ -> "TIMESTAMPTZ";
            case UUID -> "UUID";
            case BLOB -> "BYTEA";
        };
    }

    @Override
    public BulkLoader bulkLoader() {
        return copy;
    }

    @Override
    public ColumnReader columnReader(ResultSetMetaData meta, int column) throws SQLException {
        return PostgresColumnReaders.of(meta, column);
    }

    @Override
    public Coordination coordination(String metadataSchema) {
        return new SessionCoordination(metadataSchema);
    }

    @Override
    public Optional<Coordination> leaseCoordination(String metadataSchema, Duration lease) {
        return Optional.of(new LeaseCoordination(qualified(metadataSchema, "leases"), lease));
    }

    @Override
    public Optional<String> lockTimeout(int millis) {
        return Optional.of("SET LOCAL lock_timeout = '" + millis + "ms'");
    }

    @Override
    public boolean isLockTimeout(SQLException e) {
        return "55P03".equals(e.getSQLState()); // lock_not_available
    }

    @Override
    public Optional<String> selectLockHolders() {
        return Optional.of("SELECT DISTINCT a.pid, a.application_name, a.state, a.query_start, a.query FROM pg_locks l "
                + "JOIN pg_stat_activity a ON a.pid = l.pid JOIN pg_class c ON c.oid = l.relation "
                + "JOIN pg_namespace n ON n.oid = c.relnamespace "
                + "WHERE l.granted AND n.nspname = ? AND a.pid <> pg_backend_pid() ORDER BY a.pid");
    }
}
