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
import java.util.List;
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
        return new Capabilities(true, true, true, true, false, true, false);
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
    /** For the transaction only; {@code public} stays on the path, for the functions of extensions installed there. */
    @Override
    public List<String> useSchema(String schema) {
        return List.of("SET LOCAL search_path TO " + quote(schema) + ", public");
    }

    @Override
    public List<String> resetSchema() {
        return List.of();
    }

    /** A rename and a move between schemas: no row is copied, and the table keeps its indexes. */
    @Override
    public List<String> moveTable(String schema, String table, String targetSchema, String target) {
        return List.of("ALTER TABLE " + qualified(schema, table) + " RENAME TO " + quote(target),
                "ALTER TABLE " + qualified(schema, target) + " SET SCHEMA " + quote(targetSchema));
    }

    /** A row's composite text: each field in it, quoted where it holds a separator. */
    @Override
    public Optional<String> rowVersion(String alias) {
        // xmin names the transaction that wrote this version of the row and ctid where it lies: a write of the row
        // makes a new version, written by another transaction (an in-place move by VACUUM FULL only changes the
        // text, a read-ahead missed, never a stale one). Far cheaper than the row's own text, which holds a stage's
        // cache entries: a few kilobytes to write and hash per stage for every lock.
        return Optional.of(alias + ".xmin::text || " + alias + ".ctid::text");
    }

    /** {@code SET SCHEMA} takes the indexes (and the constraints they back) and the owned sequences along. */
    @Override
    public Optional<String> selectRelationsMovedWithTable() {
        return Optional.of("SELECT i.relname, 'index' FROM pg_catalog.pg_index x "
                + "JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid "
                + "JOIN pg_catalog.pg_class t ON t.oid = x.indrelid "
                + "JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = ? AND t.relname = ? "
                + "UNION ALL SELECT s.relname, 'sequence' FROM pg_catalog.pg_depend d "
                + "JOIN pg_catalog.pg_class s ON s.oid = d.objid AND s.relkind = 'S' "
                + "JOIN pg_catalog.pg_class t ON t.oid = d.refobjid "
                + "JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace "
                + "WHERE d.classid = 'pg_catalog.pg_class'::regclass "
                + "AND d.refclassid = 'pg_catalog.pg_class'::regclass "
                + "AND d.deptype IN ('a', 'i') AND n.nspname = ? AND t.relname = ? ORDER BY 2, 1");
    }

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
    public String memberOf(String value, String array) {
        return value + " = ANY(" + array + ")";
    }

    @Override
    public String jsonArrayElements(String column) {
        return "json_array_elements(CAST(" + column + " AS json))";
    }

    @Override
    public String jsonArrayOfObjects(List<String> keys, List<String> columns) {
        return "CAST(json_agg(json_build_object(" + pairs(keys, columns) + ")) AS TEXT)";
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

    /**
     * One statement that waits for readers only while it holds none of the views: it waits for one view (the first,
     * then the one that was busy last), takes the others in name order only if they are free at once (a wait of
     * 1 ms), and else lets go of all and waits for the busy one. A reader that holds some of the views while it
     * waits for another the publish holds (a join, or a transaction that reads them one by one, in another order)
     * thus goes on within a millisecond, and no deadlock forms; should one form anyway, the publish looks for it
     * after a tenth of {@code deadlock_timeout} where the session may lower it (superusers, and roles granted SET on
     * it), long before a reader looks, and is the one aborted. It waits at most half of {@code deadlock_timeout}
     * (and a second) in all. {@code ALTER VIEW ... RESET} takes a view's lock and nothing else ({@code LOCK TABLE}
     * on a view also locks the tables it reads, which other runs may be reading); the option it resets is gone
     * anyway once the publish drops and creates the view.
     */
    @Override
    public List<String> lockViews(String schema, List<String> views) {
        if (views.isEmpty()) {
            return List.of();
        }
        String names = views.stream().map(view -> literal(qualified(schema, view)))
                .collect(java.util.stream.Collectors.joining(", "));
        String body = "DECLARE views text[] := ARRAY[" + names + "]; readers_wait int := (SELECT setting::int FROM "
                + "pg_catalog.pg_settings WHERE name = 'deadlock_timeout'); deadline timestamptz := clock_timestamp() "
                + "+ least(1000, readers_wait / 2) * interval '1 millisecond'; previous text := "
                + "current_setting('lock_timeout'); waited int := 1; taking int; "
                + "BEGIN "
                + "BEGIN PERFORM set_config('deadlock_timeout', greatest(1, readers_wait / 10) || 'ms', true); "
                + "EXCEPTION WHEN insufficient_privilege THEN NULL; END; "
                + "LOOP BEGIN "
                + "taking := waited; PERFORM set_config('lock_timeout', greatest(1, ceil(1000 * extract(epoch FROM "
                + "deadline - clock_timestamp())))::int || 'ms', true); "
                + "EXECUTE 'ALTER VIEW IF EXISTS ' || views[waited] || ' RESET (check_option)'; "
                + "PERFORM set_config('lock_timeout', '1ms', true); "
                + "FOR i IN 1 .. array_length(views, 1) LOOP CONTINUE WHEN i = waited; taking := i; "
                + "EXECUTE 'ALTER VIEW IF EXISTS ' || views[i] || ' RESET (check_option)'; END LOOP; "
                + "EXIT; "
                + "EXCEPTION WHEN lock_not_available THEN "
                + "IF taking = waited OR clock_timestamp() >= deadline THEN RAISE; END IF; waited := taking; "
                + "END; END LOOP; "
                + "PERFORM set_config('lock_timeout', previous, true); "
                + "END";
        return List.of("DO " + dollarQuoted(body));
    }

    /** A string literal that means {@code text} whatever {@code standard_conforming_strings} is. */
    private static String literal(String text) {
        return "E'" + text.replace("\\", "\\\\").replace("'", "''") + "'";
    }

    /** {@code body} between dollar quotes whose tag it does not contain (identifiers may hold {@code $}). */
    private static String dollarQuoted(String body) {
        String tag = "$dag$";
        for (int i = 1; body.contains(tag); i++) {
            tag = "$dag" + i + "$";
        }
        return tag + body + tag;
    }

    @Override
    public boolean gaveUpWaitingForLocks(SQLException e) {
        return "55P03".equals(e.getSQLState()) // lock_not_available
                || "40P01".equals(e.getSQLState()); // deadlock_detected: this transaction was chosen to give way
    }

    @Override
    public Optional<String> selectLockHolders() {
        return Optional.of("SELECT DISTINCT a.pid, a.application_name, a.state, a.query_start, a.query FROM pg_locks l "
                + "JOIN pg_stat_activity a ON a.pid = l.pid JOIN pg_class c ON c.oid = l.relation "
                + "JOIN pg_namespace n ON n.oid = c.relnamespace "
                + "WHERE l.granted AND n.nspname = ? AND a.pid <> pg_backend_pid() ORDER BY a.pid");
    }
}
