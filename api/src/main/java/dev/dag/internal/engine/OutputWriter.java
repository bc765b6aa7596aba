package dev.dag.internal.engine;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Table;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
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

    /** Writes {@code returned} and returns it bound to the stored tables and blobs. */
    Object write(Object returned) {
        TaskDescriptor task = scope.descriptor();
        return switch (task.shape()) {
            case VOID -> null;
            case TABLE -> output("", returned, task.name());
            case BLOB -> output("", returned, task.name());
            case LIST -> list((List<?>) returned, task);
            case RECORD -> record(returned, task);
        };
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
        RecordComponent[] components = returned.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            String name = components[i].getName();
            values[i] = output(name, Placeholders.componentValue(components[i], returned), task.name() + "_" + name);
        }
        try {
            Constructor<?> constructor = returned.getClass().getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw problem("returned a record dag cannot rebuild: " + e, null);
        }
    }

    private Object output(String path, Object value, String defaultName) {
        Object bound;
        if (value instanceof Table table) {
            bound = table(table, defaultName);
        } else if (value instanceof Blob blob) {
            bound = blob(blob, defaultName);
        } else {
            String what = path.isEmpty() ? "its output" : "output [" + path + "]";
            throw problem("returned " + (value == null ? "null" : "a " + value.getClass().getName()) + " as "
                    + what + "; return Table.of(...) or Blob.of(...)", null);
        }
        byPath.put(path, bound);
        return bound;
    }

    private Table table(Table table, String defaultName) {
        StoredTable mine = scope.writtenFor(table);
        if (mine != null) {
            return TableAccess.tables().storedTable(table, mine); // materialized already: not written twice
        }
        StoredTable input = TableAccess.tables().stored(table);
        Table source = input != null ? Table.of(input.ref()) : table;
        String name = input == null && table.name() != null ? table.name()
                : input != null && !input.tableName().equals(table.name()) ? table.name() : defaultName;
        StoredTable stored = scope.stageRun().writeTable(scope.task(), source, name);
        scope.recordWritten(table, stored);
        return TableAccess.tables().storedTable(table, stored);
    }

    private Blob blob(Blob blob, String defaultName) {
        String name = blob.name() != null ? blob.name() : defaultName;
        ClassLoader loader = scope.descriptor().method().getDeclaringClass().getClassLoader();
        Object stored = scope.stageRun().writeBlob(scope.task(), name, blob.obj(), loader);
        return TableAccess.blobs().storedBlob(name, stored);
    }

    private DefinitionException problem(String what, String table) {
        return new DefinitionException("Task '" + scope.task() + "' in stage '" + scope.stage() + "' " + what + ".",
                scope.task(), table, scope.stage());
    }
}
