package dev.dag.internal.engine.materialize;

import dev.dag.MaterializedTable;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.values.StoredTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one task invocation wrote or reused, in order: its tables (with the call site and whether
 * the body returned them), its blobs, the content keys of the tables its SQL may name, and what changed.
 * From it come the task's cache entry, its row count and its materialization report.
 */
final class WrittenObjects {
    private final List<StoredTable> tables = new ArrayList<>();
    private final List<MaterializedTable> materializations = new ArrayList<>();
    private final List<CacheEntry.Output> objects = new ArrayList<>();
    private final Map<Table, StoredTable> bySource = new IdentityHashMap<>();
    private final Map<TableRef, String> keysByRef = new HashMap<>();
    private final List<String> changes = new ArrayList<>();
    private long rowsWritten;
    private int reusedObjects;

    /** Records a table written or, {@code reused}, kept unchanged. */
    void table(Table source, StoredTable stored, boolean reused, String change, StackTraceElement site,
               boolean returned) {
        materializations.add(new MaterializedTable(stored.tableName(),
                reused ? MaterializedTable.Outcome.CACHE_VALID : MaterializedTable.Outcome.WRITTEN, returned, site));
        tables.add(stored);
        bySource.put(source, stored);
        keysByRef.put(stored.ref(), stored.cacheKey());
        objects.add(new CacheEntry.Output(null, stored.tableName(), ObjectKind.TABLE, stored.physicalName(),
                stored.cacheKey()));
        if (reused) {
            reusedObjects++;
        } else {
            rowsWritten += Math.max(0, stored.rows());
        }
        if (change != null) {
            changes.add(change);
        }
    }

    /** Records a blob stored, or kept unchanged ({@code reused}). */
    void blob(String name, String physical, String key, boolean reused) {
        objects.add(new CacheEntry.Output(null, name, ObjectKind.BLOB, physical, key));
        if (reused) {
            reusedObjects++;
        } else {
            changes.add("blob '" + name + "' changed");
        }
    }

    /** An input table the task reads: lazy SQL naming it hashes its content key. */
    void input(StoredTable input) {
        keysByRef.put(input.ref(), input.cacheKey());
    }

    /** Marks the table behind {@code physical} as returned at {@code path}. */
    void returnedTable(String physical, String path) {
        for (int i = 0; i < materializations.size(); i++) {
            MaterializedTable table = materializations.get(i);
            if (tables.get(i).physicalName().equals(physical) && !table.returned()) {
                materializations.set(i, new MaterializedTable(table.name(), table.outcome(), true, table.callSite()));
                break;
            }
        }
        for (int i = 0; i < objects.size(); i++) {
            CacheEntry.Output output = objects.get(i);
            if (output.physical().equals(physical) && output.path() == null) {
                objects.set(i, new CacheEntry.Output(path, output.name(), output.kind(), physical, output.key()));
                return;
            }
        }
    }

    /** Marks the blob stored under {@code name} as returned at {@code path}. */
    void returnedBlob(String name, String path) {
        for (int i = objects.size() - 1; i >= 0; i--) {
            CacheEntry.Output output = objects.get(i);
            if (output.kind() == ObjectKind.BLOB && output.name().equals(name) && output.path() == null) {
                objects.set(i, new CacheEntry.Output(path, name, ObjectKind.BLOB, output.physical(), output.key()));
                return;
            }
        }
    }

    /** The stored table written for {@code table} (the object given, or one bound to a table written here), or null. */
    StoredTable writtenFor(Table table) {
        StoredTable stored = bySource.get(table);
        if (stored != null) {
            return stored;
        }
        StoredTable bound = Bindings.stored(table);
        return bound != null && tables.stream().anyMatch(mine -> mine.ref().equals(bound.ref())) ? bound : null;
    }

    List<String> tableNames() {
        return tables.stream().map(StoredTable::tableName).toList();
    }

    List<MaterializedTable> materializations() {
        return materializations;
    }

    List<CacheEntry.Output> objects() {
        return objects;
    }

    Map<TableRef, String> keysByRef() {
        return keysByRef;
    }

    /** Whether every table and blob was kept unchanged (and there was at least one). */
    boolean allReused() {
        return !objects.isEmpty() && reusedObjects == objects.size();
    }

    List<String> changes() {
        return changes;
    }

    long rowsWritten() {
        return rowsWritten;
    }
}
