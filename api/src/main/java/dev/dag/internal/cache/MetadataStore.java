package dev.dag.internal.cache;

import dev.dag.ConfigException;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * dag's own records in the metadata schema: the objects (tables, blobs) of each stage version and their
 * state, the cache entries of tasks, the runs and what they did. Only what a committed stage published
 * counts as cache: a failed or killed run leaves {@code staged} rows that the next run drops.
 */
public final class MetadataStore {
    private final Database database;
    private final MetadataSql sql;

    private MetadataStore(Database database) {
        this.database = database;
        this.sql = database.dialect().metadata(database.metadataSchema());
    }

    /**
     * Opens the metadata store, creating its tables on first use.
     *
     * @throws ConfigException if the store was written by an incompatible version of dag
     */
    public static MetadataStore open(Database database) throws SQLException {
        MetadataStore store = new MetadataStore(database);
        store.createIfMissing();
        new ForeignTables(database, store.sql).refuse();
        return store;
    }

    /** The flow whose run committed {@code stage} last, or null if it was never committed. */
    public String lastCommittingFlow(Connection connection, String stage) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql.selectCommittingFlows())) {
            select.setMaxRows(1);
            select.setString(1, stage);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    private void createIfMissing() throws SQLException {
        if (existingVersion() == MetadataSql.FORMAT_VERSION) {
            return; // the usual case: no DDL, which costs a commit each on an embedded database
        }
        try (Connection connection = database.connection()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                for (String ddl : sql.createTables()) {
                    statement.execute(ddl);
                }
                Integer version = null;
                try (ResultSet rows = statement.executeQuery(sql.selectFormat())) {
                    if (rows.next()) {
                        version = rows.getInt(1);
                    }
                }
                if (version == null) {
                    try (PreparedStatement insert = connection.prepareStatement(sql.insertFormat())) {
                        insert.setInt(1, MetadataSql.FORMAT_VERSION);
                        insert.executeUpdate();
                    }
                } else if (version != MetadataSql.FORMAT_VERSION) {
                    connection.rollback();
                    throw new ConfigException("The metadata schema '" + database.metadataSchema() + "' of instance '"
                            + database.config().instance() + "' has format version " + version + ", this dag "
                            + "needs version " + MetadataSql.FORMAT_VERSION + ". dag does not guess: reset it "
                            + "by dropping that schema, the stage schemas and '" + database.dataSchema()
                            + "' (see docs/storage.md, 'Resetting').", null);
                }
            }
            connection.commit();
        }
    }

    /** The stored format version, or -1 when the metadata tables do not exist yet. */
    private int existingVersion() {
        try (Connection connection = database.connection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql.selectFormat())) {
            return rows.next() ? rows.getInt(1) : -1;
        } catch (SQLException e) {
            return -1;
        }
    }

    /** An object a stage holds. */
    public record StoredObject(String physicalName, String name, ObjectKind kind, long rows, String cacheKey,
                               String query, String blobType, String blobJson, String runId, ObjectState state) {
    }

    /** An object a run is about to write. */
    public record NewObject(String physicalName, String stage, String name, ObjectKind kind, String task, String cacheKey,
                            String query, String blobType, String blobJson) {
    }

    /** Records an object a run is about to write (committed at once, so that a crash leaves a trace). */
    public void registerStaged(Connection connection, NewObject object, String runId) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(sql.insertStaged())) {
            insert.setString(1, object.physicalName());
            insert.setString(2, object.stage());
            insert.setString(3, object.name());
            insert.setString(4, object.kind().stored());
            insert.setString(5, object.task());
            insert.setString(6, runId);
            insert.setString(7, object.cacheKey());
            insert.setString(8, object.query());
            insert.setString(9, object.blobType());
            insert.setString(10, object.blobJson());
            insert.executeUpdate();
        }
    }

    /** Every object of a stage, whatever its state: published ones and what earlier runs left. */
    public List<StoredObject> objectsOf(Connection connection, String stage) throws SQLException {
        List<StoredObject> objects = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(sql.selectObjects())) {
            select.setString(1, stage);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    objects.add(new StoredObject(rows.getString(1), rows.getString(2),
                            ObjectKind.fromStored(rows.getString(3)), rows.getLong(4), rows.getString(5),
                            rows.getString(6), rows.getString(7), rows.getString(8), rows.getString(9),
                            ObjectState.fromStored(rows.getString(10))));
                }
            }
        }
        return objects;
    }

    /** Whether the run started within {@code hours} hours (unknown runs count as old). */
    public boolean startedWithin(Connection connection, String runId, int hours) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql.selectRunStart())) {
            select.setString(1, runId);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() && rows.getTimestamp(1).toInstant()
                        .isAfter(Instant.now().minus(java.time.Duration.ofHours(hours)));
            }
        }
    }

    /** Forgets an object (after its table was dropped). */
    public void forget(Connection connection, String physicalName) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(sql.deleteObject())) {
            delete.setString(1, physicalName);
            delete.executeUpdate();
        }
    }

    /** The cache entries of the stage's published version. */
    public List<CacheEntry> publishedEntries(Connection connection, String stage) throws SQLException {
        List<CacheEntry> entries = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(sql.selectPublishedTasks())) {
            select.setString(1, stage);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    entries.add(new CacheEntry(rows.getString(1), rows.getInt(2),
                            TaskKey.fromParts(rows.getString(3), rows.getString(1), stage, rows.getString(4)),
                            CacheEntry.outputsFromJson(rows.getString(5))));
                }
            }
        }
        return entries;
    }

    /**
     * Within the publishing transaction: the run's staged objects become the stage's published version;
     * {@code kept} objects of the old version stay published, the rest is retired; {@code entries} replace
     * the stage's cache entries; {@code rowCounts} (physical name → rows) complete the new objects.
     * Statements are batched: a commit per row costs milliseconds.
     */
    public void publish(Connection connection, String stage, String runId, Collection<String> kept,
                        List<CacheEntry> entries, Map<String, Long> rowCounts) throws SQLException {
        try (PreparedStatement retire = connection.prepareStatement(sql.retirePublished());
             PreparedStatement republish = connection.prepareStatement(sql.republish());
             PreparedStatement publish = connection.prepareStatement(sql.publishStaged());
             PreparedStatement dropEntries = connection.prepareStatement(sql.deletePublishedTasks());
             PreparedStatement insertEntries = connection.prepareStatement(sql.insertTask());
             PreparedStatement commit = connection.prepareStatement(sql.insertStageCommit());
             PreparedStatement counts = connection.prepareStatement(sql.updateRowCount())) {
            for (Map.Entry<String, Long> count : rowCounts.entrySet()) {
                counts.setLong(1, count.getValue());
                counts.setString(2, count.getKey());
                counts.addBatch();
            }
            if (!rowCounts.isEmpty()) {
                counts.executeBatch();
            }
            retire.setString(1, stage);
            retire.executeUpdate();
            for (String physical : kept) {
                republish.setString(1, physical);
                republish.addBatch();
            }
            if (!kept.isEmpty()) {
                republish.executeBatch();
            }
            publish.setString(1, stage);
            publish.setString(2, runId);
            publish.executeUpdate();
            dropEntries.setString(1, stage);
            dropEntries.executeUpdate();
            for (CacheEntry entry : entries) {
                insertEntries.setString(1, stage);
                insertEntries.setString(2, entry.task());
                insertEntries.setInt(3, entry.ordinal());
                insertEntries.setString(4, entry.key().key());
                insertEntries.setString(5, runId);
                insertEntries.setString(6, entry.key().partsJson());
                insertEntries.setString(7, entry.outputsJson());
                insertEntries.addBatch();
            }
            if (!entries.isEmpty()) {
                insertEntries.executeBatch();
            }
            commit.setString(1, stage);
            commit.setString(2, runId);
            commit.setTimestamp(3, Timestamp.from(Instant.now()));
            commit.executeUpdate();
        }
    }

    /** One task outcome of a run, for {@link #recordTaskRuns}. */
    public record TaskRun(String stage, String task, String outcome, String reason, long millis, long rows) {
    }

    /** Keeps what a run did to its tasks and why, readable after the fact. */
    public void recordTaskRuns(String runId, List<TaskRun> runs) throws SQLException {
        if (runs.isEmpty()) {
            return;
        }
        try (Connection connection = database.connection();
             PreparedStatement insert = connection.prepareStatement(sql.insertTaskRun())) {
            connection.setAutoCommit(false);
            Timestamp now = Timestamp.from(Instant.now());
            for (TaskRun run : runs) {
                insert.setString(1, runId);
                insert.setString(2, run.stage());
                insert.setString(3, run.task());
                insert.setString(4, run.outcome());
                insert.setString(5, run.reason());
                insert.setLong(6, run.millis());
                insert.setLong(7, run.rows());
                insert.setTimestamp(8, now);
                insert.addBatch();
            }
            insert.executeBatch();
            connection.commit();
        }
    }

    /** Records the start of a run. */
    public void runStarted(String runId, String flow) throws SQLException {
        try (Connection connection = database.connection();
             PreparedStatement insert = connection.prepareStatement(sql.insertRun())) {
            insert.setString(1, runId);
            insert.setString(2, flow);
            insert.setTimestamp(3, Timestamp.from(Instant.now()));
            insert.setString(4, "running");
            insert.executeUpdate();
        }
    }

    /** Records the end of a run ({@code succeeded}, {@code failed} or {@code aborted}). */
    public void runFinished(String runId, RunStatus status) throws SQLException {
        try (Connection connection = database.connection();
             PreparedStatement update = connection.prepareStatement(sql.finishRun())) {
            update.setTimestamp(1, Timestamp.from(Instant.now()));
            update.setString(2, status.stored());
            update.setString(3, runId);
            update.executeUpdate();
        }
    }
}
