package dev.dag.internal.engine.materialize;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.RawSql;
import dev.dag.Table;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.cache.sql.RowOrder;
import dev.dag.internal.engine.values.ReturnShape;
import dev.dag.internal.engine.values.StoredTable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes what a task body returned and hands back the same shape bound to the stored outputs. Also
 * reports each output by its path, so that consumers find their inputs.
 */
final class OutputWriter {
    private final TaskScope scope;
    private final Map<String, Object> byPath = new LinkedHashMap<>();

    OutputWriter(TaskScope scope) {
        this.scope = scope;
    }

    /** The bound outputs by path ("" for a single output). */
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
        if (task.shape() == ReturnShape.RAW_SQL) {
            task.splitOutputs(returned, what -> problem(what, null)); // refuses anything but a script
            return ScriptOutputs.write(scope, (RawSql) returned, byPath);
        }
        Map<String, Object> parts = task.splitOutputs(returned, what -> problem(what, null));
        parts.forEach((path, value) -> byPath.put(path, output(path, value, scope.defaultOutputName(path))));
        return task.joinOutputs(byPath::get);
    }

    private Object output(String path, Object value, String defaultName) {
        if (value instanceof Table table) {
            return table(table, defaultName, path);
        }
        if (value instanceof Blob blob) {
            return blob(blob, defaultName, path);
        }
        String what = path.isEmpty() ? "its output" : "output [" + path + "]";
        throw problem("returned " + (value == null ? "null" : "a " + value.getClass().getName()) + " as " + what
                + "; return Table.of(...) or Blob.of(...)", null);
    }

    private Table table(Table table, String defaultName, String path) {
        StoredTable mine = scope.writtenFor(table);
        if (mine != null) {
            scope.markReturned(mine.physicalName(), path);
            return Bindings.storedTable(table, mine); // materialized already: not written twice
        }
        StoredTable input = Bindings.stored(table);
        Table source = input != null ? copyOf(input, table) : table;
        String name = input == null && table.name() != null ? table.name()
                : input != null && !input.tableName().equals(table.name()) ? table.name() : defaultName;
        TableKeys.Keyed keyed = TableKeys.forTable(scope, source, name, path);
        StoredTable stored = scope.writeTable(source, name, keyed, scope.returnSite(), true);
        scope.markReturned(stored.physicalName(), path);
        if (scope.descriptor().shape() == ReturnShape.SQL) { // the caller reads the rows in the query's order
            stored = stored.withQuery(scope.readQuery(stored, RowOrder.defined((String) table.obj())));
        }
        return Bindings.storedTable(table, stored);
    }

    /** An input returned as an output of this task is copied (a view in another stage would tie the stages). */
    private static Table copyOf(StoredTable input, Table returned) {
        Table copy = Table.of(input.ref());
        copy = returned.primaryKey().isEmpty() ? copy : copy.primaryKey(returned.primaryKey().toArray(String[]::new));
        copy = returned.indexes().isEmpty() ? copy : copy.indexes(returned.indexes());
        copy = returned.nonNullable().isEmpty() ? copy : copy.nonNullable(returned.nonNullable().toArray(String[]::new));
        Table declared = copy;
        return returned.nullable().map(columns -> declared.nullable(columns.toArray(String[]::new))).orElse(declared);
    }

    private Blob blob(Blob blob, String defaultName, String path) {
        String name = blob.name() != null ? blob.name() : defaultName;
        String key = TableKeys.forBlob(scope, name, path, blob.obj());
        Object stored = scope.writeBlob(name, blob.obj(), key);
        scope.markReturnedBlob(name, path);
        return Bindings.storedBlob(name, stored, key);
    }

    private DefinitionException problem(String what, String table) {
        return new DefinitionException("Task '" + scope.task() + "' in stage '" + scope.stage() + "' " + what + ".",
                scope.task(), table, scope.stage());
    }
}
