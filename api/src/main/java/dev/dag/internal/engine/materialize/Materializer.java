package dev.dag.internal.engine.materialize;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.MaterializeOptions;
import dev.dag.Table;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.stage.TableContents;
import dev.dag.internal.engine.values.StoredTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Imperative materialization ({@code Table.materialize()}, {@code Dag.materialize}, {@code Debug}): writes
 * tables now when a task is running on this thread, each keyed so that it depends on every table the
 * task materialized before it; outside a run, hands the table back unchanged (or writes it into an
 * explicit schema for interactive debugging).
 */
public final class Materializer {
    private Materializer() {
    }

    /** See {@link Table#materialize(MaterializeOptions)}; {@code site} is the caller's line when the agent knows it. */
    public static Table materialize(Table table, MaterializeOptions options, StackTraceElement site) {
        rejectPlaceholder(table, "materialize()");
        TaskScope scope = ThreadStates.currentTask();
        try {
            if (options.configContext() != null) {
                return InteractiveWriter.write(table, options, scope);
            }
            if (scope == null) {
                return table; // no run: tasks stay callable as plain methods
            }
            StoredTable already = scope.writtenFor(table);
            if (already != null) {
                scope.taint("materialize() was called twice on table '" + already.tableName() + "'", site);
                return Bindings.storedTable(table, seenAs(scope, already, options));
            }
            StoredTable stored = write(scope, table, site);
            scope.advanceChain(List.of(stored.cacheKey()));
            return Bindings.storedTable(table, seenAs(scope, stored, options));
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** See {@code Dag.materialize}: tables keyed independently of each other; later tables depend on all. */
    public static List<Table> materializeGroup(List<Table> tables, StackTraceElement site) {
        for (int i = 0; i < tables.size(); i++) {
            rejectNull(tables.get(i), "position " + i);
        }
        tables.forEach(table -> rejectPlaceholder(table, "Dag.materialize"));
        TaskScope scope = ThreadStates.currentTask();
        if (scope == null) {
            return List.copyOf(tables);
        }
        try {
            List<Table> bound = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            for (Table table : tables) {
                if (scope.writtenFor(table) != null) {
                    scope.taint("Dag.materialize was given table '" + table.name() + "', materialized already", site);
                }
                StoredTable stored = write(scope, table, site);
                keys.add(stored.cacheKey());
                bound.add(Bindings.storedTable(table, stored));
            }
            scope.advanceChain(keys);
            return List.copyOf(bound);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** See {@code Dag.materialize(Map)}: a group whose tables are named by their keys unless they have a name. */
    public static Map<String, Table> materializeNamed(Map<String, Table> tables, StackTraceElement site) {
        List<String> names = List.copyOf(tables.keySet());
        names.forEach(name -> rejectNull(tables.get(name), "key '" + name + "'"));
        List<Table> named = names.stream().map(name -> {
            Table table = tables.get(name);
            return table.name() == null ? table.name(name) : table;
        }).toList();
        List<Table> stored = materializeGroup(named, site);
        Map<String, Table> out = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            out.put(names.get(i), stored.get(i));
        }
        return out;
    }

    /** See {@code Debug.materializeTable}. */
    public static Table debug(Table table, MaterializeOptions options, StackTraceElement site) {
        rejectPlaceholder(table, "Debug.materializeTable");
        TaskScope scope = ThreadStates.currentTask();
        if (scope == null) {
            return table;
        }
        try {
            String name = (table.name() != null ? table.name() : scope.nextDefaultName()) + options.nameSuffixText();
            scope.taint("Debug.materializeTable wrote table '" + name + "'", site);
            if (!scope.writes()) {
                return table; // the run fails on the taint; a plan says so and writes nothing
            }
            return InteractiveWriter.writeDebug(table, name, options, scope);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    private static StoredTable write(TaskScope scope, Table table, StackTraceElement site) {
        String name = table.name() != null ? table.name() : scope.nextDefaultName();
        TableKeys.Keyed keyed = TableKeys.forTable(scope, table, name, null);
        return scope.writeTable(table, name, keyed, site, false);
    }

    /** A null among the tables of {@code Dag.materialize}, at {@code where} (its position or key), is refused. */
    private static void rejectNull(Table table, String where) {
        if (table == null) {
            TaskScope scope = ThreadStates.currentTask();
            String task = scope == null ? null : scope.task();
            String stage = scope == null ? null : scope.stage();
            throw StackTraces.forUser(new DefinitionException("Dag.materialize was given null at " + where
                    + (scope == null ? "" : " in task '" + task + "' of stage '" + stage + "'")
                    + ". Pass only tables (Table.of(...)); leave out the ones you do not have.", task, null, stage));
        }
    }

    private static void rejectPlaceholder(Table table, String operation) {
        OutputPlaceholder placeholder = Bindings.placeholder(table);
        if (placeholder != null) {
            throw StackTraces.forUser(new DefinitionException(operation + " was called on the placeholder "
                    + placeholder + " while the flow is defined. Placeholders have no data yet: materialize "
                    + "tables inside a task body.", placeholder.producer().taskName(), table.name(),
                    placeholder.producer().stage().name()));
        }
    }

    private static StoredTable seenAs(TaskScope scope, StoredTable stored, MaterializeOptions options) {
        return TableContents.as(stored, options, scope.stageRun().database(), scope.task());
    }
}
