package dev.dag.internal.engine.stage;

import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Identifiers;
import dev.dag.internal.store.PhysicalNames;
import dev.dag.internal.store.PhysicalTables;
import dev.dag.internal.store.RunningStatements;
import dev.dag.internal.store.dialect.Dialect;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.ObjectRegistry.NewObject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * Runs a {@code RawSql} script of a task in a scratch schema of its own, in one transaction: the tables it creates
 * with plain names land there, are found by listing the schema, and are moved into the data schema as physical
 * tables of the stage's new version (renamed and moved where the database can, copied where it cannot), each
 * registered as staged; then the scratch schema is dropped. A failure rolls all of it back, so nothing is left.
 */
final class ScriptWriter {
    /** Scratch schemas of one run are told apart by a counter, as several scripts may run at once. */
    private static final AtomicInteger SCRATCH = new AtomicInteger();

    /** A table the script created, moved into the data schema. */
    record Created(String name, String physical, long rows, String key) {
    }

    private final String stage;
    private final String runId;
    private final String runTag;
    private final Database database;
    private final Metadata metadata;
    private final PhysicalTables tables;
    private final NewVersion next;

    ScriptWriter(String stage, String runId, String runTag, Database database, Metadata metadata,
                 PhysicalTables tables, NewVersion next) {
        this.stage = stage;
        this.runId = runId;
        this.runTag = runTag;
        this.database = database;
        this.metadata = metadata;
        this.tables = tables;
        this.next = next;
    }

    /**
     * Runs {@code script} of {@code call}; each table it created gets the key {@code keyOf.apply(name)}.
     *
     * @param canonical the script's canonical text, kept with each table to explain a later change
     * @throws DefinitionException for a script that creates no table, a view, or a name that is no valid name
     * @throws MaterializationException when the database refuses the script
     */
    List<Created> run(TaskCall call, String script, String canonical, UnaryOperator<String> keyOf) {
        String task = call.task();
        String scratch = database.stageSchema("dag_script_" + runTag + "_" + SCRATCH.incrementAndGet());
        Dialect dialect = database.dialect();
        try (Connection connection = database.connection()) {
            try {
                return Transactions.commitReturning(connection, writing -> {
                    execute(writing, List.of(dialect.createSchema(scratch)));
                    execute(writing, dialect.useSchema(scratch));
                    try (Statement statement = writing.createStatement()) {
                        RunningStatements.execute(statement, () -> statement.execute(script));
                    }
                    List<Created> created = move(writing, call, scratch, created(writing, task, scratch), canonical,
                            keyOf);
                    execute(writing, List.of(dialect.dropSchema(scratch)));
                    return created;
                });
            } finally {
                execute(connection, dialect.resetSchema());
            }
        } catch (SQLException e) {
            throw new MaterializationException("The SQL script of task '" + task + "' in stage '" + stage + "' failed: "
                    + e.getMessage() + ". Nothing it created is kept. Fix the script (it runs with the stage's scratch "
                    + "schema as its default schema; it reads other tables through its inputs' ref()).\nScript:\n"
                    + script, task, null, stage, script, e);
        }
    }

    /** The tables the script left in {@code scratch}, by name; a view is refused. */
    private List<String> created(Connection connection, String task, String scratch) throws SQLException {
        Map<String, Boolean> relations = new LinkedHashMap<>();
        try (PreparedStatement query = connection.prepareStatement(database.dialect().selectRelationKinds())) {
            query.setString(1, scratch);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    relations.put(rows.getString(1), rows.getBoolean(2));
                }
            }
        }
        List<String> views = relations.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        if (!views.isEmpty()) {
            throw new DefinitionException("The SQL script of task '" + task + "' in stage '" + stage + "' creates the "
                    + "view(s) " + views + ". A script's outputs are tables: create each as a table (CREATE TABLE "
                    + views.get(0) + " AS SELECT ...), or return the view's query from a lazy task "
                    + "(Table.of(\"SELECT ...\")), which dag keeps as cheaply.", task, views.get(0), stage);
        }
        if (relations.isEmpty()) {
            throw new DefinitionException("The SQL script of task '" + task + "' in stage '" + stage + "' creates no "
                    + "table. A script's outputs are the tables it creates with unqualified names (CREATE TABLE name AS "
                    + "...); a qualified name creates the table elsewhere, out of dag's sight.", task, null, stage);
        }
        return new ArrayList<>(relations.keySet());
    }

    private List<Created> move(Connection connection, TaskCall call, String scratch, List<String> names,
                               String canonical, UnaryOperator<String> keyOf) throws SQLException {
        List<Created> created = new ArrayList<>();
        for (String name : names) {
            Identifiers.requireValid(name, "table name", call.task(), stage);
            next.reserve(name, ObjectKind.TABLE, call);
            String physical = PhysicalNames.of(stage, name, runTag, database.dialect().maxIdentifierBytes());
            nameMovedRelationsAfter(connection, scratch, name, physical);
            execute(connection, database.dialect().moveTable(scratch, name, database.dataSchema(), physical));
            // a copy leaves the original: dropped by name, as DuckDB refuses to commit a CASCADE over tables of the
            // same transaction
            execute(connection, List.of(database.dialect().dropTable(scratch, name)));
            long rows = tables.countRows(connection, physical);
            String key = keyOf.apply(name);
            metadata.objects().registerStaged(connection, new NewObject(physical, stage, name, ObjectKind.TABLE,
                    call.task(), key, canonical, null, null, rows), runId);
            created.add(new Created(name, physical, rows, key));
        }
        return created;
    }

    /**
     * Where a table's indexes and owned sequences move with it, gives them names of its physical table's, as dag
     * names the indexes it creates: the script's own names ({@code orders_pkey}, {@code orders_id_seq}) are those of
     * the published version's table, which shares the data schema with this one until the publish.
     */
    private void nameMovedRelationsAfter(Connection connection, String scratch, String table, String physical)
            throws SQLException {
        Dialect dialect = database.dialect();
        Optional<String> query = dialect.selectRelationsMovedWithTable();
        if (query.isEmpty()) {
            return;
        }
        List<String> renames = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(query.get())) {
            select.setString(1, scratch);
            select.setString(2, table);
            select.setString(3, scratch);
            select.setString(4, table);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String kind = rows.getString(2);
                    String suffix = (kind.equals("index") ? "_ix" : "_sq") + renames.size();
                    renames.add(dialect.renameMovedRelation(kind, scratch, rows.getString(1),
                            PhysicalNames.fit(physical + suffix, dialect.maxIdentifierBytes())));
                }
            }
        }
        execute(connection, renames);
    }

    private static void execute(Connection connection, List<String> statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
