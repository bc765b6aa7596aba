package dev.dag.internal.engine;

import dev.dag.DefinitionException;
import dev.dag.MaterializeOptions;
import dev.dag.Table;
import dev.dag.TableRef;

/** Imperative {@code Table.materialize()}: writes the table now when a task is running on this thread. */
public final class Materializer {
    private Materializer() {
    }

    /** See {@link Table#materialize(MaterializeOptions)}. */
    public static Table materialize(Table table, MaterializeOptions options) {
        OutputPlaceholder placeholder = TableAccess.tables().placeholder(table);
        if (placeholder != null) {
            throw StackTraces.forUser(new DefinitionException("materialize() was called on the placeholder "
                    + placeholder + " while the flow is defined. Placeholders have no data yet: call "
                    + "materialize() inside a task body.", placeholder.producer().taskName(), table.name(),
                    placeholder.producer().stage().name()));
        }
        TaskScope scope = ExecutionState.current().task;
        if (scope == null) {
            return table; // no run: tasks stay callable as plain methods
        }
        try {
            StoredTable stored = scope.writtenFor(table);
            if (stored == null) {
                String name = table.name() != null ? table.name() : scope.nextDefaultName();
                TableKeys.Keyed keyed = TableKeys.forTable(scope, table, name, null);
                stored = scope.stageRun().writeTable(scope, table, name, keyed.key(), keyed.query());
            }
            return TableAccess.tables().storedTable(table, withContent(scope, stored, options));
        } catch (RuntimeException e) {
            throw StackTraces.forUser(e);
        }
    }

    private static StoredTable withContent(TaskScope scope, StoredTable stored, MaterializeOptions options) {
        if (options.isReturnNothing()) {
            return stored.withContent(() -> null);
        }
        Class<?> type = options.returnAsType();
        if (type == null || type == TableRef.class) {
            return stored;
        }
        return stored.withContent(scope.stageRun().reader(stored, type, scope.task()));
    }
}
