package dev.dag.internal.store.dialect;

import dev.dag.internal.store.dialect.lock.Coordination;
import dev.dag.internal.store.dialect.lock.InProcessCoordination;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * Everything database-specific: SQL text, identifier quoting, bulk loading. One implementation per
 * database; nothing above this package asks which database it talks to. Statements are built from
 * names already checked by the layers above and quoted here.
 */
public interface Dialect {
    /** Short name for messages, e.g. "duckdb". */
    String name();

    /** Whether this dialect serves the JDBC URL. */
    boolean accepts(String jdbcUrl);

    /** The quoted identifier. */
    String quote(String identifier);

    /** The quoted, qualified name {@code schema.name}. */
    default String qualified(String schema, String name) {
        return quote(schema) + "." + quote(name);
    }

    /** What the database can do, which the engine chooses its strategies by (never by the dialect's name). */
    Capabilities capabilities();

    /**
     * Why {@code schema} belongs to the database itself (a system schema, or the name of an attached catalog,
     * which schema references would be confused with); empty when dag may use it.
     *
     * @param jdbcUrl the instance's URL (a DuckDB file's name is the name of its catalog)
     */
    Optional<String> reservedSchema(String schema, String jdbcUrl);

    /**
     * Driver properties that bound connecting and logging in to {@code seconds} (a server that accepts the
     * connection but never answers must not hang a run). They do not limit how long a query may take.
     */
    default java.util.Map<String, String> connectionProperties(int seconds) {
        return java.util.Map.of();
    }

    /**
     * Whether the database of {@code jdbcUrl} may hold something already, without connecting (a plan must not
     * create an embedded database's file by looking into it). Default: true, a server is asked.
     */
    default boolean mayHoldData(String jdbcUrl) {
        return true;
    }

    /** Longest identifier in bytes the database keeps unchanged. */
    int maxIdentifierBytes();

    /** {@code CREATE SCHEMA IF NOT EXISTS}. */
    String createSchema(String schema);

    /** {@code DROP SCHEMA IF EXISTS schema CASCADE}: the schema with everything in it. */
    String dropSchema(String schema);

    /** {@code CREATE TABLE schema.table AS query}. */
    String createTableAs(String schema, String table, String query);

    /** {@code CREATE TABLE schema.table (columns)}. */
    String createTable(String schema, String table, List<Column> columns);

    /** Adds a primary key to an existing, loaded table. */
    String addPrimaryKey(String schema, String table, List<String> columns);

    /** Creates an index on an existing, loaded table. */
    String createIndex(String schema, String table, String index, List<String> columns);

    /** {@code SELECT * FROM schema.table WHERE 1 = 0}: the table's columns, without its rows. */
    String columnsOf(String schema, String table);

    /** The first row of {@code schema.table} with a NULL in one of {@code columns} (none: no row). */
    String firstRowWithNull(String schema, String table, List<String> columns);

    /** Makes a column of an existing, loaded table {@code NOT NULL}. */
    String setNotNull(String schema, String table, String column);

    /** Creates the view {@code schema.view} as {@code SELECT * FROM targetSchema.targetTable}. */
    String createView(String schema, String view, String targetSchema, String targetTable);

    /** {@code DROP VIEW IF EXISTS}. */
    String dropView(String schema, String view);

    /**
     * The statements that point view {@code schema.view} (existing or not) at {@code targetSchema.targetTable},
     * whose columns may differ from those of the view's old table.
     */
    List<String> replaceView(String schema, String view, String targetSchema, String targetTable);

    /** {@code DROP TABLE IF EXISTS}. */
    String dropTable(String schema, String table);

    /** {@code SELECT * FROM schema.table}. */
    String selectAll(String schema, String table);

    /**
     * {@code SELECT * FROM schema.table} in the order its rows were written by {@code CREATE TABLE ... AS} (for a
     * query that defined the order of its rows), ordered by the database's row address.
     */
    String selectAllInWrittenOrder(String schema, String table);

    /**
     * The tables and views of a schema: columns (table_name); parameter: the schema name. One query, where
     * the JDBC catalog ({@code DatabaseMetaData.getTables}) may take several milliseconds a call.
     */
    String selectRelationNames();

    /**
     * What a run checks its stages against, in one query: the tables and views of the data schema, and the views
     * of {@code stageSchemas} stage schemas. Columns (schema name, relation name, whether it is a view);
     * parameters: the data schema, then the stage schemas.
     */
    String selectCatalogOfRun(int stageSchemas);

    /**
     * A statement that runs without error, reading no row, exactly when every one of {@code relations} (each a
     * schema and a name) exists as a table or view it can read: a check of named relations whose cost does not grow
     * with the rest of the catalog.
     */
    default String probeRelations(List<List<String>> relations) {
        StringJoiner probe = new StringJoiner(" UNION ALL ");
        for (List<String> relation : relations) {
            probe.add("SELECT 1 FROM " + qualified(relation.get(0), relation.get(1)) + " WHERE false");
        }
        return probe.toString();
    }

    /**
     * The statements that make {@code schema} the one where this connection's unqualified names are created and found
     * first, for the rest of the transaction it is in (a {@code RawSql} script runs there).
     */
    List<String> useSchema(String schema);

    /** The statements that undo {@link #useSchema} once its transaction ended (none where it ends with it). */
    List<String> resetSchema();

    /**
     * The statements that move table {@code schema.table} to {@code targetSchema.target}, without copying its rows
     * where the database can move a table between schemas (where it cannot, the rows are copied and the original is
     * left to be dropped with its schema).
     */
    List<String> moveTable(String schema, String table, String targetSchema, String target);

    /**
     * Where {@link #moveTable} takes relations of a table along (its indexes, the sequences its columns own): the
     * query of their names and kinds (columns: the name, and {@code index} or {@code sequence}; parameters: schema,
     * table), so that they can be renamed first, as such names are unique per schema. Empty where a move copies the
     * rows without them.
     */
    default Optional<String> selectRelationsMovedWithTable() {
        return Optional.empty();
    }

    /** Renames {@code schema.name}, an index or a sequence ({@code kind}), to {@code target} in the same schema. */
    default String renameMovedRelation(String kind, String schema, String name, String target) {
        String statement = switch (kind) {
            case "index" -> "ALTER INDEX ";
            case "sequence" -> "ALTER SEQUENCE ";
            default -> throw new IllegalArgumentException("not an index or a sequence: " + kind);
        };
        return statement + qualified(schema, name) + " RENAME TO " + quote(target);
    }

    /**
     * A text naming the stored version of a row of the table aliased {@code alias}, which any committed write of the
     * row (insert, update, or a delete and insert of the same values) changes, for a digest of a stage's records that
     * changes with any of them; empty where the database has none.
     */
    default Optional<String> rowVersion(String alias) {
        return Optional.empty();
    }

    /** The relations of a schema: columns (table_name, whether it is a view); parameter: the schema name. */
    String selectRelationKinds();

    /** {@code SELECT count(*) FROM schema.table}. */
    String countRows(String schema, String table);

    /** The SQL type of a column (with its precision and scale, for a decimal). */
    String sqlType(Column column);

    /**
     * The bulk path for in-memory rows. Every non-null value it is given is of its column's
     * {@link ColumnType#valueType()}, already checked to fit the column exactly.
     */
    BulkLoader bulkLoader();

    /**
     * How to read column {@code column} (1-based) of results shaped like {@code meta}: exactly, as the value
     * type of the matching {@link ColumnType} for the types dag creates, as the driver gives it for others.
     */
    ColumnReader columnReader(ResultSetMetaData meta, int column) throws SQLException;

    /**
     * How many tasks of a flow run at once when neither the run nor the instance says (default 1: an embedded
     * database that already spreads each query over all cores gains nothing from running two at a time).
     */
    default int defaultParallelism() {
        return 1;
    }

    /**
     * How runs take turns on a stage and see each other, by default: within this JVM only (an embedded database
     * that one process at a time can open).
     *
     * @param metadataSchema the instance's metadata schema, with its prefix: locks of other instances are apart
     */
    default Coordination coordination(String metadataSchema) {
        return InProcessCoordination.INSTANCE;
    }

    /**
     * Coordination by leases in a table of the metadata schema, renewed while a run lives, for connections that
     * do not keep a session (a pooler in transaction mode); present when {@link Capabilities#leaseLocks()}.
     */
    default Optional<Coordination> leaseCoordination(String metadataSchema, Duration lease) {
        return Optional.empty();
    }

    /**
     * A statement, run first in a transaction, that makes a statement of that transaction give up after
     * {@code millis} when it waits for another session's lock (readers' locks on a view or table), instead of
     * waiting for as long as they hold it; present when {@link Capabilities#readersLockRelations()}.
     */
    default Optional<String> lockTimeout(int millis) {
        return Optional.empty();
    }

    /**
     * Statements, run in a publishing transaction before it changes the views {@code schema.views} (given in name
     * order), that take the locks changing them needs without ever making a reader the victim of a deadlock: the
     * transaction gives way instead (it fails with an error {@link #gaveUpWaitingForLocks} recognizes). Not empty
     * when {@link Capabilities#readersLockRelations()}.
     */
    default List<String> lockViews(String schema, List<String> views) {
        return List.of();
    }

    /**
     * Whether {@code e} is a statement that gave up waiting for other sessions' locks: after the
     * {@link #lockTimeout}, past the time {@link #lockViews} allows, or as the victim of a deadlock.
     */
    default boolean gaveUpWaitingForLocks(SQLException e) {
        return false;
    }

    /**
     * The other sessions holding locks on relations of a schema, which a change of its views waits for: columns
     * (pid, application_name, state, query_start, query); parameter: the schema name. Present when
     * {@link Capabilities#readersLockRelations()}.
     */
    default Optional<String> selectLockHolders() {
        return Optional.empty();
    }

    /**
     * A condition that holds when {@code value} is an element of {@code array} (an array parameter, e.g.
     * {@code CAST(? AS VARCHAR[])}): the database's quickest form, as dag's metadata statements test names against
     * lists in every run.
     */
    default String memberOf(String value, String array) {
        return value + " IN (SELECT unnest(" + array + "))";
    }

    /**
     * The elements of the JSON array held as text in {@code column}, as a table expression (for a FROM list, given
     * an alias) whose column {@code value} is each element, read with {@code ->>}.
     */
    String jsonArrayElements(String column);

    /**
     * An aggregate that gives the JSON text of an array with one object per row: {@code keys} → the values of
     * {@code columns} (numbers stay numbers, nulls nulls). For the upgrade of the metadata's tables.
     */
    String jsonArrayOfObjects(List<String> keys, List<String> columns);

    /** Statements of dag's metadata tables in {@code schema}. */
    default MetadataSql metadata(String schema) {
        return new MetadataSql(this, schema);
    }
}
