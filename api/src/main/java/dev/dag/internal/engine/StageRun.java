package dev.dag.internal.engine;

import dev.dag.DefinitionException;
import dev.dag.MaterializationException;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.MetadataStore;
import dev.dag.internal.cache.MetadataStore.StoredObject;
import dev.dag.internal.hooks.RowReader;
import dev.dag.internal.hooks.RowSource;
import dev.dag.internal.hooks.RowSources;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.PhysicalNames;
import dev.dag.internal.store.PhysicalTables;
import dev.dag.internal.store.StagePublisher;
import dev.dag.internal.store.dialect.Identifiers;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one new version of a stage during a run: tables go to new physical tables, invisible to
 * readers; {@link #publish()} then switches the stage's views to them in one transaction, or
 * {@link #abort()} drops them and leaves the committed version untouched.
 */
final class StageRun implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StageRun.class);

    private final RunState run;
    private final String stage;
    private final Database database;
    private final MetadataStore metadata;
    private final PhysicalTables tables;
    private final Map<String, String> owners = new LinkedHashMap<>();
    private final Map<String, String> physicalByName = new LinkedHashMap<>();
    private final List<String> staged = new ArrayList<>();
    private final ReentrantLock lock;

    StageRun(RunState run, String stage) {
        this.run = run;
        this.stage = stage;
        this.database = run.database();
        this.metadata = run.metadata();
        this.tables = new PhysicalTables(database);
        this.lock = database.stageLock(stage);
    }

    String stage() {
        return stage;
    }

    /** Takes the stage lock, creates the schemas and drops what crashed or failed runs left behind. */
    void begin() {
        lock.lock();
        try (Connection connection = database.connection()) {
            new StagePublisher(database).prepareSchemas(connection, stage);
            for (StoredObject leftover : metadata.leftovers(connection, stage)) {
                dropObject(connection, leftover.physicalName(), leftover.kind());
            }
        } catch (SQLException e) {
            lock.unlock();
            throw new MaterializationException("Cannot prepare stage '" + stage + "' in " + database.config()
                    + ": " + e.getMessage(), null, null, stage, null, e);
        }
    }

    /**
     * Writes a table of {@code task} under {@code name}.
     *
     * @throws DefinitionException for an invalid or duplicate name, or content dag cannot store
     * @throws MaterializationException if the database refuses it
     */
    StoredTable writeTable(String task, Table table, String name) {
        Identifiers.requireValid(name, "table name", task, stage);
        reserve(name, task);
        String physical = PhysicalNames.of(stage, name, run.tag(), database.dialect().maxIdentifierBytes());
        Object content = table.obj();
        String sql = null;
        try (Connection connection = database.connection()) {
            metadata.registerStaged(connection, physical, stage, name, "table", task, run.runId(), null, null);
            staged.add(physical);
            long rows;
            if (content instanceof String query) {
                sql = tables.createAsSql(physical, query);
                rows = tables.createAs(connection, physical, query);
            } else if (content instanceof TableRef ref) {
                String query = database.dialect().selectAll(ref.schema(), ref.name());
                sql = tables.createAsSql(physical, query);
                rows = tables.createAs(connection, physical, query);
            } else if (RowSources.accepts(content)) {
                RowSource source = rows(task, name, (List<?>) content);
                rows = tables.createFromRows(connection, physical, source.columns(), source.rows());
            } else {
                throw new DefinitionException("Task '" + task + "' gives table '" + name + "' of stage '" + stage
                        + "' a " + content.getClass().getName() + ", which dag cannot store. Use SQL text, a "
                        + "TableRef, or a List of records or maps.", task, name, stage);
            }
            tables.addKeys(connection, physical, table.primaryKey(), table.indexes());
            metadata.setRowCount(connection, physical, rows);
            physicalByName.put(name, physical);
            LOG.debug("stage {}: task {} wrote table {} ({} rows) as {}", stage, task, name, rows, physical);
            return new StoredTable(stage, name, tables.ref(physical), rows, () -> tables.ref(physical));
        } catch (SQLException | IllegalArgumentException e) {
            throw new MaterializationException("Task '" + task + "' could not write table '" + name + "' of stage '"
                    + stage + "': " + e.getMessage() + (sql == null ? "" : "\nSQL:\n" + sql), task, name, stage,
                    sql, e);
        }
    }

    private RowSource rows(String task, String name, List<?> content) {
        try {
            return RowSources.of(content);
        } catch (IllegalArgumentException e) {
            throw new DefinitionException("Task '" + task + "' gives table '" + name + "' of stage '" + stage
                    + "' rows dag cannot store: " + e.getMessage() + ".", task, name, stage);
        }
    }

    /** Stores a blob of {@code task} under {@code name}; returns the value as consumers will read it. */
    Object writeBlob(String task, String name, Object value, ClassLoader loader) {
        Identifiers.requireValid(name, "blob name", task, stage);
        reserve(name, task);
        String physical = PhysicalNames.of(stage, name, run.tag(), Integer.MAX_VALUE);
        try (Connection connection = database.connection()) {
            String json = BlobCodec.toJson(value);
            String type = BlobCodec.typeName(value);
            metadata.registerStaged(connection, physical, stage, name, "blob", task, run.runId(), type, json);
            staged.add(physical);
            return BlobCodec.fromJson(json, type, loader);
        } catch (Exception e) {
            throw new MaterializationException("Task '" + task + "' could not store blob '" + name + "' of stage '"
                    + stage + "': " + e.getMessage(), task, name, stage, null, e);
        }
    }

    /** A reader of a stored table as {@code type} (a record class or Map), for a consuming task. */
    Supplier<Object> reader(StoredTable table, Class<?> type, String consumer) {
        return () -> {
            String query = database.dialect().selectAll(table.ref().schema(), table.ref().name());
            try (Connection connection = database.connection()) {
                return RowReader.read(connection, query, type);
            } catch (SQLException | IllegalArgumentException e) {
                throw new MaterializationException("Task '" + consumer + "' could not read table '" + table.tableName()
                        + "' of stage '" + table.stage() + "' as " + type.getSimpleName() + ": " + e.getMessage()
                        + "\nSQL:\n" + query, consumer, table.tableName(), table.stage(), query, e);
            }
        };
    }

    private void reserve(String name, String task) {
        String key = name.toLowerCase(Locale.ROOT);
        String owner = owners.putIfAbsent(key, task);
        if (owner != null) {
            throw new DefinitionException("Table '" + name + "' is written twice in stage '" + stage + "': by task '"
                    + owner + "' and by task '" + task + "'. Names are unique per stage (and not case-sensitive): "
                    + "give one of them another name with .name(\"...\").", task, name, stage);
        }
    }

    /** Makes the written tables the stage's visible version, in one transaction; then drops the old one. */
    void publish() {
        List<StoredObject> previous;
        try (Connection connection = database.connection()) {
            connection.setAutoCommit(false);
            try {
                previous = metadata.published(connection, stage);
                List<String> dropped = previous.stream().filter(old -> "table".equals(old.kind()))
                        .map(StoredObject::name).filter(name -> !owners.containsKey(name.toLowerCase(Locale.ROOT)))
                        .toList();
                new StagePublisher(database).publish(connection, stage, physicalByName, dropped);
                metadata.publish(connection, stage, run.runId());
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new MaterializationException("Stage '" + stage + "' could not be published; its previous version "
                    + "stays visible: " + e.getMessage(), null, null, stage, null, e);
        }
        staged.clear();
        dropRetired(previous);
    }

    private void dropRetired(List<StoredObject> retired) {
        try (Connection connection = database.connection()) {
            for (StoredObject old : retired) {
                dropObject(connection, old.physicalName(), old.kind());
            }
        } catch (SQLException e) {
            LOG.warn("stage {}: could not drop the previous version's tables yet ({}); the next run retries",
                    stage, e.getMessage());
        }
    }

    /** Drops what this run wrote; the committed version stays as it was. */
    void abort() {
        try (Connection connection = database.connection()) {
            for (String physical : staged) {
                dropObject(connection, physical, "table");
            }
            staged.clear();
        } catch (SQLException e) {
            LOG.warn("stage {}: could not drop the failed run's tables ({}); the next run drops them", stage,
                    e.getMessage());
        }
    }

    private void dropObject(Connection connection, String physical, String kind) throws SQLException {
        if ("table".equals(kind)) {
            tables.drop(connection, physical);
        }
        metadata.forget(connection, physical);
    }

    @Override
    public void close() {
        if (lock.isHeldByCurrentThread()) {
            lock.unlock();
        }
    }
}
