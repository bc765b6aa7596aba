package dev.dag.internal.engine.stage;

import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.meta.ObjectRegistry.NewObject;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.cache.RerunReason;
import dev.dag.internal.engine.stage.content.ContentWriter;
import dev.dag.internal.engine.values.BlobCodec;
import dev.dag.internal.engine.values.NotYetWritten;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Identifiers;
import dev.dag.internal.store.PhysicalNames;
import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the objects of a stage's new version: each table into a new physical table, invisible until the
 * stage is published, each blob into the metadata; or keeps the committed one when it is unchanged.
 * Every object is registered as staged in the transaction that writes it, so that what a crash or a failed run
 * leaves is known, and the next run cleans it up. A writer built to only key ({@link WriteMode#KEY_ONLY}: a plan, a
 * lazy task left out of a selection) does all of that but the writing.
 */
public final class StageWriter {
    private static final Logger LOG = LoggerFactory.getLogger(StageWriter.class);

    private final String stage;
    private final String runId;
    private final String runTag;
    private final Database database;
    private final Metadata metadata;
    private final PhysicalTables tables;
    private final CommittedVersion committed;
    private final NewVersion next;
    private final WriteMode mode;
    private TableObserver observer = TableObserver.NONE;

    StageWriter(StageRun run, CommittedVersion committed, NewVersion next, WriteMode mode) {
        this.stage = run.stage();
        this.runId = run.runId();
        this.runTag = run.runTag();
        this.database = run.database();
        this.metadata = run.metadata();
        this.tables = PhysicalTables.data(database);
        this.committed = committed;
        this.next = next;
        this.mode = mode;
    }

    /** A table written (or kept, {@code reused}), and what changed in it for the rerun reason (or null). */
    public record TableWrite(StoredTable stored, boolean reused, String change) {
    }

    /** A blob stored (or kept, {@code reused}): the value as consumers read it back, and its physical id. */
    public record BlobWrite(Object value, String physical, boolean reused) {
    }

    /** Hears each table a stage's new version gets: written by the run, or kept from the committed version. */
    @FunctionalInterface
    public interface TableObserver {
        /** Nobody hears. */
        TableObserver NONE = (task, table, rows, kept, sql) -> { };

        /** {@code rows} is -1 when unknown; {@code sql} is the task's query, or null when not given as SQL. */
        void table(String task, String table, long rows, boolean kept, String sql);
    }

    /** The query that reads the table {@code ref}, in the order its rows were written when {@code inWrittenOrder}. */
    public String readQuery(TableRef ref, boolean inWrittenOrder) {
        return inWrittenOrder ? database.dialect().selectAllInWrittenOrder(ref.schema(), ref.name())
                : database.dialect().selectAll(ref.schema(), ref.name());
    }

    /**
     * Whether what this writer is given reaches the database (false: it is only keyed, for a plan or the body of a
     * lazy task left out of a selection).
     */
    public boolean writes() {
        return mode.writes();
    }

    /** The table a run would write as {@code name} with key {@code key}, as a plan hands it to consumers. */
    public StoredTable planned(String name, String key) {
        String physical = PhysicalNames.of(stage, name, runTag, database.dialect().maxIdentifierBytes());
        return StoredTable.planned(stage, name, tables.ref(physical), key);
    }

    /** Tells {@code observer} of every table written or kept from now on. */
    public void observe(TableObserver observer) {
        this.observer = observer;
    }

    /** Carries a cache-valid task's objects into the new version: no row is moved. */
    public void keep(CacheEntry entry) {
        for (CacheEntry.Output output : entry.outputs()) {
            next.reserve(output.name(), output.kind(), new TaskCall(entry.task(), entry.key()));
            next.keep(output.physical(), output.name(), output.kind());
            if (output.isTable()) {
                observer.table(entry.task(), output.name(), committed.table(output).rows(), true, null);
            }
        }
    }

    /** Records the cache entry a task leaves in the version being written (stored when the stage is published). */
    public void recordEntry(CacheEntry entry) {
        next.add(entry);
    }

    /**
     * Writes a table of {@code call} under {@code name} with cache key {@code key}; when {@code reuseUnchanged}
     * (a lazy task), a committed table with that name and key is kept instead.
     *
     * @param query the canonical SQL hashed into the key, kept to explain later changes (or null)
     * @throws DefinitionException for an invalid or duplicate name, or content dag cannot store
     * @throws MaterializationException if the database refuses it
     */
    public TableWrite writeTable(TaskCall call, boolean reuseUnchanged, Table table, String name, String key,
                                 String query) {
        String task = call.task();
        Identifiers.requireValid(name, "table name", task, stage);
        next.reserve(name, ObjectKind.TABLE, call);
        StoredObject unchanged = reuseUnchanged ? committed.unchanged(ObjectKind.TABLE, name, key) : null;
        if (unchanged != null) {
            next.keep(unchanged.physicalName(), name, ObjectKind.TABLE);
            observer.table(task, name, unchanged.rows(), true, sqlOf(table));
            return new TableWrite(stored(name, unchanged.physicalName(), unchanged.rows(), key), true, null);
        }
        return new TableWrite(mode.newTable(this, call, table, name, key, query), false, change(name, query));
    }

    /**
     * Writes {@code table}, given for {@code call} instead of built by its body (a test's override), as a new table
     * under {@code name} with key {@code key}; a writer that only keys claims no name for it.
     */
    public StoredTable writeGiven(TaskCall call, Table table, String name, String key) {
        return mode.given(this, call, table, name, key);
    }

    /** Writes a new table of {@code task} into the database ({@link WriteMode#WRITE}). */
    StoredTable writeNew(String task, Table table, String name, String key, String query) {
        String physical = PhysicalNames.of(stage, name, runTag, database.dialect().maxIdentifierBytes());
        long rows;
        try {
            rows = write(task, table, name, physical, key, query);
        } catch (RuntimeException e) {
            forgetFailedWrite(name, physical);
            throw e;
        }
        next.wrote(name, physical);
        observer.table(task, name, rows, false, sqlOf(table));
        return stored(name, physical, rows, key);
    }

    /**
     * Runs the {@code RawSql} script of {@code call} and writes each table it creates, with the key
     * {@code keyOf.apply(name)} (see {@link ScriptWriter}).
     *
     * @param canonical the script's canonical text, kept to explain later changes
     * @throws DefinitionException for a script that creates no table, a view, or an invalid or duplicate name
     * @throws MaterializationException if the database refuses the script
     * @throws NotYetWritten in a writer that only keys: the tables are known only once the script ran
     */
    public List<TableWrite> writeScript(TaskCall call, String script, String canonical, UnaryOperator<String> keyOf) {
        return mode.script(this, call, script, canonical, keyOf);
    }

    /** Runs a script into the database ({@link WriteMode#WRITE}). */
    List<TableWrite> runScript(TaskCall call, String script, String canonical, UnaryOperator<String> keyOf) {
        List<TableWrite> writes = new ArrayList<>();
        List<ScriptWriter.Created> created = new ScriptWriter(stage, runId, runTag, database, metadata, tables, next)
                .run(call, script, canonical, keyOf);
        List<ScriptWriter.Created> afterAbort = created.stream()
                .filter(table -> !next.registered(table.physical(), true)).toList();
        if (!afterAbort.isEmpty()) {
            try (Connection connection = database.connection()) {
                for (ScriptWriter.Created table : afterAbort) {
                    dropAfterAbort(connection, table.physical(), true);
                }
            } catch (SQLException e) {
                throw new MaterializationException("Task '" + call.task() + "' wrote its script's tables in stage '"
                        + stage + "' after its run was aborted, and could not drop them: " + e.getMessage()
                        + ". The next run drops them.", call.task(), null, stage, null, e);
            }
            throw writtenAfterAbort(call.task(), afterAbort.get(0).name());
        }
        for (ScriptWriter.Created table : created) {
            next.wrote(table.name(), table.physical());
            observer.table(call.task(), table.name(), table.rows(), false, script);
            writes.add(new TableWrite(stored(table.name(), table.physical(), table.rows(), table.key()), false,
                    change(table.name(), canonical)));
        }
        return writes;
    }

    /**
     * Stores a blob of {@code call}; when {@code reuseUnchanged}, a committed blob with that name and key is
     * kept instead.
     */
    public BlobWrite writeBlob(TaskCall call, boolean reuseUnchanged, ClassLoader loader, String name, Object value,
                               String key) {
        String task = call.task();
        Identifiers.requireValid(name, "blob name", task, stage);
        next.reserve(name, ObjectKind.BLOB, call);
        StoredObject unchanged = reuseUnchanged ? committed.unchanged(ObjectKind.BLOB, name, key) : null;
        if (unchanged != null) {
            next.keep(unchanged.physicalName(), name, ObjectKind.BLOB);
            CacheEntry.Output output = new CacheEntry.Output(null, name, ObjectKind.BLOB, unchanged.physicalName(), key);
            return new BlobWrite(committed.blob(output, loader), unchanged.physicalName(), true);
        }
        String physical = PhysicalNames.of(stage, name, runTag, Integer.MAX_VALUE);
        try {
            String json = BlobCodec.toJson(value);
            String type = BlobCodec.typeName(value);
            Object readBack = BlobCodec.readBackExactly(value, json, type, loader);
            mode.newBlob(this, task, new NewObject(physical, stage, name, ObjectKind.BLOB, task, key, null, type, json,
                    0));
            return new BlobWrite(readBack, physical, false);
        } catch (Exception e) {
            throw new MaterializationException("Task '" + task + "' could not store blob '" + name + "' of stage '"
                    + stage + "': " + e.getMessage(), task, name, stage, null, e);
        }
    }

    /** Registers a new blob as staged ({@link WriteMode#WRITE}): its value lives in the metadata. */
    void registerBlob(String task, NewObject blob) throws SQLException {
        try (Connection connection = database.connection()) {
            metadata.objects().registerStaged(connection, blob, runId);
            if (!next.registered(blob.physicalName(), false)) {
                cleanUpAfterAbort(connection, task, blob.name(), blob.physicalName(), false);
            }
        }
    }

    private static String sqlOf(Table table) {
        return table.obj() instanceof String sql ? sql : null;
    }

    private StoredTable stored(String name, String physical, long rows, String key) {
        TableRef ref = tables.ref(physical);
        return new StoredTable(stage, name, ref, rows, key, () -> ref);
    }

    private String change(String name, String query) {
        StoredObject previous = committed.named(ObjectKind.TABLE, name);
        if (previous == null) {
            return "new table '" + name + "'";
        }
        if (previous.query() != null && query != null && !previous.query().equals(query)) {
            return RerunReason.sqlDiff(previous.query(), query);
        }
        return "table '" + name + "' changed (its primary key, indexes, an input or an earlier table of the task)";
    }

    /**
     * Writes the table and registers it as staged in one transaction: a crash or a failure leaves both or neither,
     * and the write costs one commit.
     */
    private long write(String task, Table table, String name, String physical, String key, String query) {
        try (Connection connection = database.connection()) {
            long rows = Transactions.commitReturning(connection, writing -> {
                long written = ContentWriter.write(database, writing, tables, physical, table, task, name, stage);
                metadata.objects().registerStaged(writing, new NewObject(physical, stage, name, ObjectKind.TABLE, task, key,
                        query, null, null, written), runId);
                return written;
            });
            if (!next.registered(physical, true)) {
                cleanUpAfterAbort(connection, task, name, physical, true);
            }
            LOG.debug("stage {}: task {} wrote table {} ({} rows) as {}", stage, task, name, rows, physical);
            return rows;
        } catch (SQLException e) {
            throw new MaterializationException("Task '" + task + "' could not write table '" + name + "' of stage '"
                    + stage + "': " + e.getMessage(), task, name, stage, null, e);
        }
    }

    /**
     * The run aborted while this object was written (the JVM exits, and the exit hook dropped what the stage had):
     * nobody else knows of it, so it is dropped and forgotten here, in that order, as every drop is.
     *
     * @throws MaterializationException always: the object is not part of any version
     */
    private void cleanUpAfterAbort(Connection connection, String task, String name, String physical, boolean table)
            throws SQLException {
        dropAfterAbort(connection, physical, table);
        throw writtenAfterAbort(task, name);
    }

    private void dropAfterAbort(Connection connection, String physical, boolean table) throws SQLException {
        if (table) {
            tables.drop(connection, physical);
        }
        metadata.objects().forget(connection, physical);
    }

    private MaterializationException writtenAfterAbort(String task, String name) {
        return new MaterializationException("Task '" + task + "' wrote '" + name + "' of stage '" + stage + "' after "
                + "its run was aborted; it is dropped again.", task, name, stage, null, null);
    }

    /** A write that failed left nothing (its transaction was rolled back): its name is free for a retry. */
    private void forgetFailedWrite(String name, String physical) {
        next.forget(name, physical);
    }
}
