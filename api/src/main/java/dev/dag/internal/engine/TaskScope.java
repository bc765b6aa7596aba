package dev.dag.internal.engine;

import dev.dag.MaterializedTable;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.Hashes;
import dev.dag.TaskContext;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.TaskKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One invocation of a task body in a run: created by the {@link TaskRunner}, entered by the agent's
 * bridge when the body starts, finished when the body returned and its outputs are written. It knows the
 * task's cache key and every object the invocation wrote or reused, in order.
 */
final class TaskScope implements TaskContext {
    private final TaskInvocation invocation;
    private final StageRun stageRun;
    private final ExecutionState state;
    private final TaskKey key;
    private final boolean forceRebuild;
    private final List<StoredTable> written = new ArrayList<>();
    private final List<CacheEntry.Output> objects = new ArrayList<>();
    private final Map<Table, StoredTable> writtenByObject = new IdentityHashMap<>();
    private final Map<TableRef, String> keysByRef = new HashMap<>();
    private final List<String> changes = new ArrayList<>();
    private final List<MaterializedTable> materializations = new ArrayList<>();
    private String chain = "";
    private String taint;
    private StackTraceElement taintSite;
    private StackTraceElement returnSite;
    private long rowsWritten;
    private Map<String, Object> outputs = Map.of();
    private boolean entered;
    private int unnamedTables;
    private int reusedTables;

    TaskScope(TaskInvocation invocation, StageRun stageRun, ExecutionState state, TaskKey key, boolean forceRebuild) {
        this.invocation = invocation;
        this.stageRun = stageRun;
        this.state = state;
        this.key = key;
        this.forceRebuild = forceRebuild;
    }

    @Override
    public String task() {
        return invocation.taskName();
    }

    @Override
    public String stage() {
        return invocation.stage().name();
    }

    @Override
    public List<String> materializedTables() {
        return written.stream().map(StoredTable::tableName).toList();
    }

    TaskInvocation invocation() {
        return invocation;
    }

    TaskDescriptor descriptor() {
        return invocation.descriptor();
    }

    StageRun stageRun() {
        return stageRun;
    }

    TaskKey key() {
        return key;
    }

    /**
     * The key of output {@code path}. A forced run rewrites the outputs under a key of its own, so that their
     * consumers (whose keys contain it) rerun too instead of keeping results built from the old outputs.
     */
    String outputKey(String path) {
        String key = this.key.outputKey(path);
        return forceRebuild ? Hashes.of("forced", key, stageRun.runId()) : key;
    }

    /**
     * What a lazy table's key adds besides its content: the task's source fingerprint (a lazy task reading
     * outside data must rebuild when the source changed) and, when such a task is forced, the run id (its
     * source may have changed unnoticed). A lazy task without a source is a pure function of its SQL and
     * inputs, so a forced rebuild keeps its key.
     */
    String lazySalt() {
        if (key.freshness() == null) {
            return "";
        }
        return forceRebuild ? key.freshness() + "/forced/" + stageRun.runId() : key.freshness();
    }

    /** Whether lazy tables must be rebuilt even when unchanged ({@code FORCE_CACHE_INVALID}). */
    boolean forceRebuild() {
        return forceRebuild;
    }

    /** Called by the bridge when the task body starts. */
    void enter() {
        entered = true;
        state.task = this;
    }

    boolean wasEntered() {
        return entered;
    }

    /** Called when the body and the writing of its outputs are done, or failed. */
    void exit() {
        if (state.task == this) {
            state.task = null;
        }
    }

    /** Called by the bridge when the body returned: writes the outputs and hands back the bound value. */
    Object finish(Object returned) {
        OutputWriter writer = new OutputWriter(this);
        Object bound = writer.write(returned);
        outputs = writer.byPath();
        return bound;
    }

    /** Bound outputs by placeholder path, once {@link #finish(Object)} ran. */
    Map<String, Object> outputs() {
        return outputs;
    }

    /** Name for a table written without one: {@code <task>_<n>}. */
    String nextDefaultName() {
        unnamedTables++;
        return task() + "_" + unnamedTables;
    }

    /** Makes an input table's physical name known, so that lazy SQL reading it hashes its content key. */
    void seeInput(StoredTable input) {
        keysByRef.put(input.ref(), input.cacheKey());
    }

    /** Content keys of the stored tables this invocation read or wrote, by reference. */
    Map<TableRef, String> keysByRef() {
        return keysByRef;
    }

    /**
     * The keys of every table materialized so far, folded into one value: each new table's key includes it,
     * so a table depends on all earlier ones without keys growing (DESIGN, imperative rule 4).
     */
    String chain() {
        return chain;
    }

    /** Folds keys just materialized into the chain. */
    void advanceChain(List<String> keys) {
        String[] parts = new String[keys.size() + 1];
        parts[0] = chain;
        for (int i = 0; i < keys.size(); i++) {
            parts[i + 1] = keys.get(i);
        }
        chain = Hashes.of(parts);
    }

    /** Marks the task debug-tainted: the run fails after it and nothing of it is committed. */
    void taint(String why, StackTraceElement site) {
        if (taint == null) {
            taint = why + (site == null ? "" : " at " + site);
            taintSite = site;
        }
    }

    /** The line that tainted the task, when the agent captured it. */
    StackTraceElement taintSite() {
        return taintSite;
    }

    /** Why the task is debug-tainted, or null. */
    String taint() {
        return taint;
    }

    /** The line of the task's {@code return} being executed, as the agent captured it (null if unknown). */
    void returnSite(StackTraceElement site) {
        this.returnSite = site;
    }

    StackTraceElement returnSite() {
        return returnSite;
    }

    /** Tables materialized in this run, in call order. */
    List<MaterializedTable> materializations() {
        return materializations;
    }

    /** Records a table this invocation wrote or reused; {@code reused} when an unchanged lazy table was kept. */
    void recordWritten(Table source, StoredTable stored, boolean reused, String change, StackTraceElement site,
                       boolean returned) {
        materializations.add(new MaterializedTable(stored.tableName(),
                reused ? MaterializedTable.Outcome.CACHE_VALID : MaterializedTable.Outcome.WRITTEN, returned, site));
        written.add(stored);
        writtenByObject.put(source, stored);
        keysByRef.put(stored.ref(), stored.cacheKey());
        objects.add(new CacheEntry.Output(null, stored.tableName(), "table", stored.physicalName(), stored.cacheKey()));
        if (reused) {
            reusedTables++;
        } else {
            rowsWritten += Math.max(0, stored.rows());
        }
        if (change != null) {
            changes.add(change);
        }
    }

    /** Records a blob this invocation stored. */
    void recordBlob(String name, String physical, String blobKey) {
        objects.add(new CacheEntry.Output(null, name, "blob", physical, blobKey));
    }

    /** Marks the object with this physical name as returned at {@code path}. */
    void markReturned(String physical, String path) {
        for (int i = 0; i < materializations.size(); i++) {
            MaterializedTable table = materializations.get(i);
            if (written.get(i).physicalName().equals(physical) && !table.returned()) {
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
    void markReturnedBlob(String name, String path) {
        for (int i = objects.size() - 1; i >= 0; i--) {
            CacheEntry.Output output = objects.get(i);
            if (output.kind().equals("blob") && output.name().equals(name) && output.path() == null) {
                objects.set(i, new CacheEntry.Output(path, name, "blob", output.physical(), output.key()));
                return;
            }
        }
    }

    /** The stored table this task wrote for {@code table} (the object given or the one returned), or null. */
    StoredTable writtenFor(Table table) {
        StoredTable stored = writtenByObject.get(table);
        if (stored != null) {
            return stored;
        }
        StoredTable bound = TableAccess.tables().stored(table);
        return bound != null && written.stream().anyMatch(mine -> mine.ref().equals(bound.ref())) ? bound : null;
    }

    /** The cache entry this invocation leaves. */
    CacheEntry entry(int ordinal) {
        return new CacheEntry(task(), ordinal, key, objects);
    }

    /** Whether every table was an unchanged lazy table (and there was at least one). */
    boolean allReused() {
        return !written.isEmpty() && reusedTables == written.size();
    }

    /** What changed in the lazy tables that were rebuilt, for the rerun reason. */
    List<String> changes() {
        return changes;
    }

    /** Rows of the tables this invocation wrote (kept tables are not counted). */
    long rowsWritten() {
        return rowsWritten;
    }
}
