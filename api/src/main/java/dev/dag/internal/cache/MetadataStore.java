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
import java.util.List;

/**
 * dag's own records in the metadata schema: which objects (tables, blobs) each stage version holds and
 * in what state, the runs, and the stage commits. Only what a committed stage publishes counts.
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
        return store;
    }

    private void createIfMissing() throws SQLException {
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

    /** An object a stage holds. */
    public record StoredObject(String physicalName, String name, String kind, long rows, String blobType,
                               String blobJson) {
    }

    /** Records an object a run is about to write, committed at once so that a crash leaves a trace. */
    public void registerStaged(Connection connection, String physicalName, String stage, String name, String kind,
                               String task, String runId, String blobType, String blobJson) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(sql.insertStaged())) {
            insert.setString(1, physicalName);
            insert.setString(2, stage);
            insert.setString(3, name);
            insert.setString(4, kind);
            insert.setString(5, task);
            insert.setString(6, runId);
            insert.setLong(7, 0);
            insert.setString(8, blobType);
            insert.setString(9, blobJson);
            insert.executeUpdate();
        }
    }

    /** Records how many rows an object holds. */
    public void setRowCount(Connection connection, String physicalName, long rows) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(sql.updateRowCount())) {
            update.setLong(1, rows);
            update.setString(2, physicalName);
            update.executeUpdate();
        }
    }

    /** Objects of a stage left {@code staged} (a crashed or failed run) or {@code retired}: to be dropped. */
    public List<StoredObject> leftovers(Connection connection, String stage) throws SQLException {
        List<StoredObject> objects = new ArrayList<>(byState(connection, stage, "staged"));
        objects.addAll(byState(connection, stage, "retired"));
        return objects;
    }

    /** Objects of the stage's published version. */
    public List<StoredObject> published(Connection connection, String stage) throws SQLException {
        List<StoredObject> objects = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(sql.selectPublished())) {
            select.setString(1, stage);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    objects.add(new StoredObject(rows.getString(1), rows.getString(2), rows.getString(3),
                            rows.getLong(4), rows.getString(5), rows.getString(6)));
                }
            }
        }
        return objects;
    }

    private List<StoredObject> byState(Connection connection, String stage, String state) throws SQLException {
        List<StoredObject> objects = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(sql.selectByState())) {
            select.setString(1, stage);
            select.setString(2, state);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    objects.add(new StoredObject(rows.getString(1), rows.getString(2), rows.getString(3), 0,
                            null, null));
                }
            }
        }
        return objects;
    }

    /** Forgets an object (after its table was dropped). */
    public void forget(Connection connection, String physicalName) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(sql.deleteObject())) {
            delete.setString(1, physicalName);
            delete.executeUpdate();
        }
    }

    /** Within the publishing transaction: the run's staged objects become the stage's published version. */
    public void publish(Connection connection, String stage, String runId) throws SQLException {
        try (PreparedStatement retire = connection.prepareStatement(sql.retirePublished());
             PreparedStatement publish = connection.prepareStatement(sql.publishStaged());
             PreparedStatement commit = connection.prepareStatement(sql.insertStageCommit())) {
            retire.setString(1, stage);
            retire.executeUpdate();
            publish.setString(1, stage);
            publish.setString(2, runId);
            publish.executeUpdate();
            commit.setString(1, stage);
            commit.setString(2, runId);
            commit.setTimestamp(3, Timestamp.from(Instant.now()));
            commit.executeUpdate();
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

    /** Records the end of a run ({@code succeeded} or {@code failed}). */
    public void runFinished(String runId, String status) throws SQLException {
        try (Connection connection = database.connection();
             PreparedStatement update = connection.prepareStatement(sql.finishRun())) {
            update.setTimestamp(1, Timestamp.from(Instant.now()));
            update.setString(2, status);
            update.setString(3, runId);
            update.executeUpdate();
        }
    }
}
