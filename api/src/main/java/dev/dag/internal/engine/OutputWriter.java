package dev.dag.internal.engine;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what a task body returned and hands back the same shape bound to the stored outputs. Also
 * reports each output by its placeholder path, so that consumers find their inputs.
 */
final class OutputWriter {
    private final TaskScope scope;
    private final Map<String, Object> byPath = new LinkedHashMap<>();

    OutputWriter(TaskScope scope) {
        this.scope = scope;
    }

    /** The bound outputs by placeholder path ("" for a single output). */
    Map<String, Object> byPath() {
        return byPath;
    }

    /**
     * Writes {@code returned} and returns it bound to the stored tables and blobs. The returned tables are
     * keyed with the chain as the body left it: each depends on every table materialized in the body, but
     * not on the other returned ones (they cannot read each other).
     */
    Object write(Object returned) {
        TaskDescriptor task = scope.descriptor();
        return switch (task.shape()) {
            case VOID -> null;
            case TABLE -> output("", returned, task.name());
            case BLOB -> output("", returned, task.name());
            case LIST -> list((List<?>) returned, task);
            case RECORD -> record(returned, task);
            case SQL -> sql(returned, task);
        };
    }

    /** An SQL task's query is stored; the caller gets a query on the stored table to splice into its SQL. */
    private String sql(Object returned, TaskDescriptor task) {
        if (!(returned instanceof String query)) {
            throw problem("returned " + (returned == null ? "null" : "a " + returned.getClass().getName())
                    + " instead of SQL text", null);
        }
        Table stored = (Table) output("", Table.of(query), task.name());
        return ReturnValues.queryOn(stored);
    }

    private List<Table> list(List<?> returned, TaskDescriptor task) {
        if (returned == null || returned.size() != task.nout()) {
            throw problem("returned " + (returned == null ? "null" : returned.size() + " tables")
                    + " but declares @Materialize(nout = " + task.nout() + ")", null);
        }
        List<Table> bound = new ArrayList<>();
        for (int i = 0; i < returned.size(); i++) {
            bound.add((Table) output(Integer.toString(i), returned.get(i), task.name() + "_" + i));
        }
        return List.copyOf(bound);
    }

    private Object record(Object returned, TaskDescriptor task) {
        if (returned == null) {
            throw problem("returned null instead of a " + task.method().getReturnType().getSimpleName(), null);
        }
        return Records.create(returned.getClass(), component -> output(component.getName(),
                Records.component(component, returned), task.name() + "_" + component.getName()));
    }

    private Object output(String path, Object value, String defaultName) {
        Object bound;
        if (value instanceof Table table) {
            bound = table(table, defaultName, path);
        } else if (value instanceof Blob blob) {
            bound = blob(blob, defaultName, path);
        } else {
            String what = path.isEmpty() ? "its output" : "output [" + path + "]";
            throw problem("returned " + (value == null ? "null" : "a " + value.getClass().getName()) + " as "
                    + what + "; return Table.of(...) or Blob.of(...)", null);
        }
        byPath.put(path, bound);
        return bound;
    }

    private Table table(Table table, String defaultName, String path) {
        StoredTable mine = scope.writtenFor(table);
        if (mine != null) {
            scope.markReturned(mine.physicalName(), path);
            return TableAccess.tables().storedTable(table, mine); // materialized already: not written twice
        }
        StoredTable input = TableAccess.tables().stored(table);
        Table source = input != null ? copyOf(input, table) : table;
        String name = input == null && table.name() != null ? table.name()
                : input != null && !input.tableName().equals(table.name()) ? table.name() : defaultName;
        TableKeys.Keyed keyed = TableKeys.forTable(scope, source, name, path);
        StoredTable stored = scope.stageRun().writeTable(scope, source, name, keyed.key(), keyed.query(),
                scope.returnSite(), true);
        scope.markReturned(stored.physicalName(), path);
        return TableAccess.tables().storedTable(table, stored);
    }

    /** An input returned as an output of this task is copied (a view in another stage would tie the stages). */
    private static Table copyOf(StoredTable input, Table returned) {
        Table copy = Table.of(input.ref());
        copy = returned.primaryKey().isEmpty() ? copy : copy.primaryKey(returned.primaryKey().toArray(String[]::new));
        return returned.indexes().isEmpty() ? copy : copy.indexes(returned.indexes());
    }

    private Blob blob(Blob blob, String defaultName, String path) {
        String name = blob.name() != null ? blob.name() : defaultName;
        String key = TableKeys.forBlob(scope, name, path, blob.obj());
        Object stored = scope.stageRun().writeBlob(scope, name, blob.obj(), key);
        scope.markReturnedBlob(name, path);
        return TableAccess.blobs().storedBlob(name, stored, key);
    }

    private DefinitionException problem(String what, String table) {
        return new DefinitionException("Task '" + scope.task() + "' in stage '" + scope.stage() + "' " + what + ".",
                scope.task(), table, scope.stage());
    }
}
