package dev.dag.internal.engine.materialize;

import dev.dag.DefinitionException;
import dev.dag.MaterializedTable;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskContext;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.hash.Hashes;
import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.stage.CommittedVersion;
import dev.dag.internal.engine.stage.StageRun;
import dev.dag.internal.engine.stage.StageWriter;
import dev.dag.internal.engine.stage.TaskCall;
import dev.dag.internal.engine.values.ReturnShape;
import dev.dag.internal.engine.values.StoredTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One invocation of a task body in a run: created by the run before it invokes the method, entered when
 * the body starts, finished when the body returned and its outputs are written. It knows the task's cache
 * key, writes the task's tables into its stage and keeps what it wrote ({@link WrittenObjects}).
 */
public final class TaskScope implements TaskContext {
    private final TaskInvocation invocation;
    private final StageRun stageRun;
    private final StageWriter writer;
    private final TaskKey key;
    private final boolean forceRebuild;
    private final String tableBase;
    private final WrittenObjects written = new WrittenObjects();
    private final Taint taint = new Taint();
    private String chain = "";
    private int unnamedTables;
    private StackTraceElement returnSite;
    private Map<String, Object> outputs = Map.of();
    private boolean entered;
    private final List<String> warnings = new ArrayList<>();
    /** The previous versions of the inputs of the task's own stage, by the new version's physical table. */
    private final Map<TableRef, Table> previousVersions = new HashMap<>();

    /**
     * @param writer       where the body's tables and blobs go: the stage's writer, or one that only keys them (a
     *                     plan, or a lazy task left out of a selected run)
     * @param forceRebuild write every table anew even when the task is lazy and a table is unchanged
     * @param tableBase    what the tables the body gives no name are named after: the task's name, or for one of
     *                     several calls of the task in its stage a name of the call's own (see {@code StageExecution})
     */
    public TaskScope(TaskInvocation invocation, StageRun stageRun, StageWriter writer, TaskKey key,
                     boolean forceRebuild, String tableBase) {
        this.invocation = invocation;
        this.stageRun = stageRun;
        this.writer = writer;
        this.key = key;
        this.forceRebuild = forceRebuild;
        this.tableBase = tableBase;
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
        return written.tableNames();
    }

    public TaskInvocation invocation() {
        return invocation;
    }

    public TaskDescriptor descriptor() {
        return invocation.descriptor();
    }

    StageRun stageRun() {
        return stageRun;
    }

    /** Called by the bridge when the body starts. */
    public void markEntered() {
        entered = true;
    }

    /** Whether the body ran inside this scope (false: the agent did not instrument the method). */
    public boolean wasEntered() {
        return entered;
    }

    /** Called by the bridge when the body returned: writes the outputs and hands back the bound value. */
    public Object finish(Object returned) {
        OutputWriter writer = new OutputWriter(this);
        Object bound = writer.write(returned);
        outputs = writer.byPath();
        return bound;
    }

    /** Bound outputs by path, once {@link #finish(Object)} ran. */
    public Map<String, Object> outputs() {
        return outputs;
    }

    /**
     * The key of output {@code path} of a task that is not lazy. A forced run rewrites the outputs under a
     * key of its own, so that their consumers (whose keys contain it) rerun too instead of keeping results
     * built from the old outputs.
     */
    String outputKey(String path) {
        String outputKey = key.outputKey(path);
        return forceRebuild ? Hashes.of("forced", outputKey, stageRun.runId()) : outputKey;
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

    /**
     * Whether what this task produces reaches the database (false: its body runs only to key its tables, in a plan or
     * as a lazy task left out of a selection).
     */
    public boolean writes() {
        return writer.writes();
    }

    /** Whether lazy tables are rebuilt even when unchanged ({@code FORCE_CACHE_INVALID}). */
    public boolean forceRebuild() {
        return forceRebuild;
    }

    /** Name for a table materialized without one: {@code <task>_<n>}. */
    String nextDefaultName() {
        unnamedTables++;
        return tableBase + "_" + unnamedTables;
    }

    /** Name for an output returned without one: the task's name (see the constructor), plus the output's path. */
    String defaultOutputName(String path) {
        return ReturnShape.defaultName(tableBase, path);
    }

    /**
     * Makes the committed version of an input of the task's own stage known ({@code previous}: as the body sees it,
     * or null when the stage has none).
     */
    public void seePreviousVersion(StoredTable input, Table previous) {
        previousVersions.put(input.ref(), previous);
    }

    /**
     * {@code Dag.previousVersion(input)} in this task's body.
     *
     * @throws DefinitionException if the task does not declare previous versions, or {@code input} is not an input of
     *     its own stage
     */
    public Optional<Table> previousVersion(Table input) {
        if (!descriptor().previousVersions()) {
            throw new DefinitionException("Task '" + task() + "' in stage '" + stage() + "' calls Dag.previousVersion, "
                    + "but does not declare @Materialize(previousVersions = true), which makes the previous version "
                    + "part of its cache key. Add it to the task's @Materialize.", task(), input.name(), stage());
        }
        StoredTable stored = Bindings.stored(input);
        if (stored == null || !previousVersions.containsKey(stored.ref())) {
            throw new DefinitionException("Task '" + task() + "' in stage '" + stage() + "' asks for the previous "
                    + "version of " + (stored == null ? "a table that is not one of its inputs" : "table '"
                    + stored.tableName() + "' of stage '" + stored.stage() + "'") + ". Previous versions are kept for "
                    + "the inputs of a task's own stage, until the stage is published: pass the table as an argument "
                    + "of a task in the stage that produces it.", task(), stored == null ? null : stored.tableName(),
                    stage());
        }
        return Optional.ofNullable(previousVersions.get(stored.ref()));
    }

    /** Makes an input table known, so that lazy SQL reading it hashes its content key. */
    public void seeInput(StoredTable input) {
        written.input(input);
    }

    /** Content keys of the stored tables this invocation read or wrote. */
    Map<TableRef, String> keysByRef() {
        return written.keysByRef();
    }

    /**
     * The keys of every table materialized so far, folded into one value: each new table's key includes it,
     * so that a table depends on all earlier ones without keys growing.
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

    /** Writes {@code table} of this task under {@code name}, or keeps the committed one when lazy and unchanged. */
    StoredTable writeTable(Table table, String name, TableKeys.Keyed keyed, StackTraceElement site, boolean returned) {
        StageWriter.TableWrite write = writer.writeTable(call(), reusesUnchanged(), table, name,
                keyed.key(), keyed.query());
        written.table(table, write.stored(), write.reused(), write.change(), site, returned);
        return write.stored();
    }

    /** Runs this task's SQL script and records each table it created (see {@link StageWriter#writeScript}). */
    List<StageWriter.TableWrite> writeScript(String script, String canonical, UnaryOperator<String> keyOf) {
        List<StageWriter.TableWrite> writes = writer.writeScript(call(), script, canonical, keyOf);
        Set<String> changes = new HashSet<>(); // the tables of one script change for one reason: said once
        for (StageWriter.TableWrite write : writes) {
            written.table(Table.of(write.stored().ref()), write.stored(), false,
                    changes.add(write.change()) ? write.change() : null, returnSite, true);
        }
        return writes;
    }

    /** The stage's committed version, as this run found it. */
    CommittedVersion committed() {
        return stageRun.committed();
    }

    /** The query that reads {@code stored}, in the order its rows were written when {@code inWrittenOrder}. */
    String readQuery(StoredTable stored, boolean inWrittenOrder) {
        return writer.readQuery(stored.ref(), inWrittenOrder);
    }

    /** Stores a blob of this task; returns the value as consumers will read it. */
    Object writeBlob(String name, Object value, String blobKey) {
        ClassLoader loader = descriptor().method().getDeclaringClass().getClassLoader();
        StageWriter.BlobWrite write = writer.writeBlob(call(), reusesUnchanged(), loader, name, value,
                blobKey);
        written.blob(name, write.physical(), blobKey, write.reused());
        return write.value();
    }

    private TaskCall call() {
        return new TaskCall(task(), key);
    }

    private boolean reusesUnchanged() {
        return descriptor().lazy() && !forceRebuild;
    }

    /** The stored table this task wrote for {@code table}, or null. */
    StoredTable writtenFor(Table table) {
        return written.writtenFor(table);
    }

    void markReturned(String physical, String path) {
        written.returnedTable(physical, path);
    }

    void markReturnedBlob(String name, String path) {
        written.returnedBlob(name, path);
    }

    /** Marks the task debug-tainted: the run fails after it and nothing of it is committed. */
    void taint(String why, StackTraceElement site) {
        taint.mark(why, site);
    }

    /** Why the task is debug-tainted, or null. */
    public String taint() {
        return taint.why();
    }

    /** The line that tainted the task, when the agent captured it. */
    public StackTraceElement taintSite() {
        return taint.site();
    }

    /** The line of the task's {@code return} being executed, as the agent captured it (null if unknown). */
    public void returnSite(StackTraceElement site) {
        this.returnSite = site;
    }

    public StackTraceElement returnSite() {
        return returnSite;
    }

    /** Notes what dag cannot vouch for in this task's result (shown with the result, once each). */
    void warn(String warning) {
        if (!warnings.contains(warning)) {
            warnings.add(warning);
        }
    }

    /** The warnings of this invocation, in order. */
    public List<String> warnings() {
        return warnings;
    }

    /** Tables materialized in this invocation, in call order. */
    public List<MaterializedTable> materializations() {
        return written.materializations();
    }

    /** The cache entry this invocation leaves. */
    public CacheEntry entry(int ordinal) {
        return new CacheEntry(task(), ordinal, key, written.objects());
    }

    /** Whether every table and blob was kept unchanged (and there was at least one). */
    public boolean allReused() {
        return written.allReused();
    }

    /** What changed in the lazy tables that were rebuilt, for the rerun reason. */
    public List<String> changes() {
        return written.changes();
    }

    /** Rows of the tables this invocation wrote (kept tables are not counted). */
    public long rowsWritten() {
        return written.rowsWritten();
    }
}
