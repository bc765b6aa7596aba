package dev.dag.internal.engine.materialize;

import dev.dag.ConfigContext;
import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.MaterializeOptions;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.stage.content.ContentWriter;
import dev.dag.internal.engine.stage.TableContents;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Databases;
import dev.dag.internal.store.Identifiers;
import dev.dag.internal.store.PhysicalNames;
import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;

/**
 * Writes tables outside the stage machinery: into an explicit schema for interactive debugging
 * ({@code MaterializeOptions.config(...).schema(...)}), and into the debug schema for
 * {@code Debug.materializeTable}. These tables are plain tables, not versioned and not cached.
 */
final class InteractiveWriter {
    private InteractiveWriter() {
    }

    static Table write(Table table, MaterializeOptions options, TaskScope scope) {
        if (scope != null) {
            throw new DefinitionException("materialize(options.config(...)) is for interactive use outside a run, but "
                    + "task '" + scope.task() + "' of stage '" + scope.stage() + "' is running: inside a run, the run "
                    + "decides where tables go. Remove .config(...).", scope.task(), table.name(), scope.stage());
        }
        ConfigContext config = options.configContext();
        String schema = options.targetSchema();
        if (schema == null || table.name() == null) {
            throw new DefinitionException("materialize(options.config(...)) needs .schema(\"...\") in the options and a "
                    + "table name (Table.name(\"...\")), to know where to write.", null, table.name(), schema);
        }
        Database database = Databases.of(config);
        checkBelongs(database, config, schema);
        Identifiers.requireValid(table.name(), "table name", null, schema);
        return writeInto(database, schema, table.name(), table, options, null);
    }

    static Table writeDebug(Table table, String name, MaterializeOptions options, TaskScope scope) {
        Database database = scope.stageRun().database();
        String physical = PhysicalNames.fit(scope.stage() + "__" + name, database.dialect().maxIdentifierBytes());
        return writeInto(database, database.debugSchema(), physical, table, options, scope.task());
    }

    private static void checkBelongs(Database database, ConfigContext config, String schema) {
        String prefix = config.schemaPrefix();
        Set<String> internal = Set.of(database.dataSchema().toLowerCase(Locale.ROOT),
                database.metadataSchema().toLowerCase(Locale.ROOT), database.debugSchema().toLowerCase(Locale.ROOT));
        if (!schema.startsWith(prefix) || schema.length() == prefix.length()
                || internal.contains(schema.toLowerCase(Locale.ROOT))) {
            throw new DefinitionException("Schema '" + schema + "' does not belong to instance '" + config.instance()
                    + "': " + (internal.contains(schema.toLowerCase(Locale.ROOT)) ? "it is one of dag's own schemas"
                    : "its schemas start with the prefix '" + prefix + "'") + ". Pick a schema like '" + prefix
                    + "scratch'.", null, null, schema);
        }
        Identifiers.requireValid(schema.substring(prefix.length()), "stage name", null, schema);
    }

    private static Table writeInto(Database database, String schema, String name, Table table,
                                   MaterializeOptions options, String task) {
        try (Connection connection = database.connection()) {
            PhysicalTables tables = PhysicalTables.in(database, schema, connection);
            if (options.isDropIfExists()) {
                tables.drop(connection, name);
            }
            long rows = ContentWriter.write(database, connection, tables, name, table, task, name, schema);
            TableRef ref = tables.ref(name);
            StoredTable stored = new StoredTable(schema, name, ref, rows, "", () -> ref);
            return Bindings.storedTable(table, TableContents.as(stored, options, database, task));
        } catch (SQLException e) {
            throw new MaterializationException("Could not write table '" + name + "' into schema '" + schema + "': "
                    + e.getMessage(), task, name, schema, null, e);
        }
    }
}
