package dev.dag.internal.store.meta;

import dev.dag.ConfigException;
import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shape of the metadata tables: created on first use, upgraded in place from an older format (by the one run
 * that claims the format row), refused when written by a newer dag.
 */
final class MetadataFormat {
    private static final Logger LOG = LoggerFactory.getLogger(MetadataFormat.class);
    private static final int CREATE_ATTEMPTS = 5;
    private static final long CREATE_PAUSE_MILLIS = 200;
    private final Database database;
    private final MetadataSql sql;

    MetadataFormat(Database database, MetadataSql sql) {
        this.database = database;
        this.sql = sql;
    }

    /**
     * For a reader: whether the metadata tables exist.
     *
     * @throws ConfigException if they are of another format than this dag's (a reader upgrades nothing)
     */
    boolean checkReadable() {
        int version = database.isConnected() ? existingVersion() : -1;
        if (version == -1) {
            return false;
        }
        if (MetadataSql.upgradable(version)) {
            throw new ConfigException("The metadata schema '" + database.metadataSchema() + "' of instance '"
                    + database.config().instance() + "' was written by an earlier dag (format version " + version
                    + "); the next run upgrades it to version " + MetadataSql.FORMAT_VERSION + ", which a plan, "
                    + "writing nothing, does not. Run the flow once, then plan.", null);
        }
        if (version != MetadataSql.FORMAT_VERSION) {
            throw otherFormat(version);
        }
        return true;
    }

    /** Creates the metadata tables if missing, or upgrades them from an older format. */
    void createOrUpgrade() throws SQLException {
        if (existingVersion() == MetadataSql.FORMAT_VERSION) {
            return; // the usual case: no DDL, which costs a commit each on an embedded database (a store of this
                    // format has every table: the run that wrote the format created or upgraded them all)
        }
        synchronized (database) {
            for (int attempt = 1; ; attempt++) {
                try (Connection connection = database.connection()) {
                    Transactions.commit(connection, this::createOrUpgrade);
                    return;
                } catch (SQLException raced) {
                    // two first runs at once, in two processes (DuckDB: a write-write conflict, PostgreSQL: a
                    // duplicate catalog row): done once the other one committed the tables
                    if (existingVersion() == MetadataSql.FORMAT_VERSION) {
                        return;
                    }
                    if (attempt == CREATE_ATTEMPTS) {
                        throw raced;
                    }
                    pause();
                }
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(CREATE_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void createOrUpgrade(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String ddl : sql.createTables()) {
                statement.execute(ddl);
            }
            Optional<Integer> version = Queries.first(connection, sql.selectFormat(), rows -> rows.getInt(1));
            if (version.isEmpty()) {
                Queries.update(connection, sql.insertFormat(), MetadataSql.FORMAT_VERSION);
            } else if (MetadataSql.upgradable(version.get())) {
                upgradeUnlessDone(statement, version.get());
            } else if (version.get() != MetadataSql.FORMAT_VERSION) {
                throw otherFormat(version.get());
            }
        }
    }

    /** Upgrades this store from format {@code version}, unless another run did since it was read. */
    private void upgradeUnlessDone(Statement statement, int version) throws SQLException {
        if (statement.executeUpdate(sql.claimUpgrade(version)) == 1) {
            for (String upgrade : upgrade(statement)) {
                statement.execute(upgrade);
            }
        }
    }

    /**
     * The statements upgrading this store: times written before format 3 are in the zone of the JVM that wrote
     * them, taken to be this JVM's (the usual case: one machine, or machines in one zone).
     */
    private List<String> upgrade(Statement statement) throws SQLException {
        LocalDateTime earliest;
        LocalDateTime latest;
        try (ResultSet range = statement.executeQuery(sql.selectTimeRange())) {
            range.next();
            earliest = range.getObject(1, LocalDateTime.class);
            latest = range.getObject(2, LocalDateTime.class);
        }
        ZoneId zone = ZoneId.systemDefault();
        LOG.info("metadata schema {}: upgrading to format {}; its times are taken to be in {} and moved to UTC",
                database.metadataSchema(), MetadataSql.FORMAT_VERSION, zone);
        return sql.upgrade(zone.getRules(), earliest, latest);
    }

    private ConfigException otherFormat(int version) {
        return new ConfigException("The metadata schema '" + database.metadataSchema() + "' of instance '"
                + database.config().instance() + "' has format version " + version + ", this dag "
                + "needs version " + MetadataSql.FORMAT_VERSION + ". dag does not guess: reset it "
                + "by dropping that schema, the stage schemas and '" + database.dataSchema()
                + "' (see docs/storage.md, 'Resetting').", null);
    }

    /** The stored format version, or -1 when the metadata tables do not exist yet. */
    private int existingVersion() {
        try (Connection connection = database.connection()) {
            return Queries.first(connection, sql.selectFormat(), rows -> rows.getInt(1)).orElse(-1);
        } catch (SQLException e) {
            return -1;
        }
    }
}
