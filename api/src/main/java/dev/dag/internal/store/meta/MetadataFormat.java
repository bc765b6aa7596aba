package dev.dag.internal.store.meta;

import dev.dag.ConfigException;
import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Failpoints;
import dev.dag.internal.store.dialect.MetadataSql;
import dev.dag.internal.store.meta.memory.RememberedRecords;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shape of the metadata tables: created on first use, upgraded in place from an older format (by the one run
 * that claims the format row, in one transaction: a process killed mid-upgrade leaves the old format for the next
 * run to upgrade), refused when written by a newer dag.
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

    /**
     * Creates the metadata tables if missing, or upgrades them from an older format.
     *
     * @param readKnownObjects whether to read the physical names of the objects the metadata knows with the format
     * @return those names, read with the format in one query when asked for and the store had this format already;
     *         empty when not asked for, or when the store was created or upgraded now
     */
    Optional<Set<String>> createOrUpgrade(boolean readKnownObjects) throws SQLException {
        // the usual case: the store has this format, and no DDL runs, which costs a commit each on an embedded
        // database (a store of this format has every table: the run that wrote the format created or upgraded them)
        if (readKnownObjects) {
            Optional<Set<String>> known = knownObjectsIfCurrent();
            if (known.isPresent()) {
                return known;
            }
        } else if (existingVersion() == MetadataSql.FORMAT_VERSION) {
            return Optional.empty();
        }
        // tables created anew (a metadata schema dropped by hand) hold none of the records remembered of them, and
        // the data schema must be checked against them again
        RememberedRecords.forgetAll(database);
        ForeignTables.uncheck(database);
        synchronized (database) {
            for (int attempt = 1; ; attempt++) {
                try (Connection connection = database.connection()) {
                    Transactions.commit(connection, this::createOrUpgrade);
                    return Optional.empty();
                } catch (SQLException raced) {
                    // two first runs at once, in two processes (DuckDB: a write-write conflict, PostgreSQL: a
                    // duplicate catalog row): done once the other one committed the tables
                    if (existingVersion() == MetadataSql.FORMAT_VERSION) {
                        return Optional.empty();
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
                createViews(statement);
            } else if (MetadataSql.upgradable(version.get())) {
                upgradeUnlessDone(connection, statement, version.get());
            } else if (version.get() != MetadataSql.FORMAT_VERSION) {
                throw otherFormat(version.get());
            }
        }
    }

    private void createViews(Statement statement) throws SQLException {
        for (String view : sql.createViews()) {
            statement.execute(view);
        }
    }

    /** Upgrades this store from format {@code version}, unless another run did since it was read. */
    private void upgradeUnlessDone(Connection connection, Statement statement, int version) throws SQLException {
        if (statement.executeUpdate(sql.claimUpgrade(version)) != 1) {
            return;
        }
        LOG.info("metadata schema {}: upgrading from format {} to format {}", database.metadataSchema(), version,
                MetadataSql.FORMAT_VERSION);
        if (version < MetadataSql.VERSION_RECORDS_FORMAT) {
            upgradeToVersionRecords(connection, statement, version);
        }
        // format 5's indexes: createTables() made them, in this transaction
        if (version < MetadataSql.RUN_RECORDS_FORMAT) {
            for (String move : sql.moveTaskRuns()) {
                statement.execute(move);
            }
        }
        createViews(statement);
        Failpoints.hit(Failpoints.BEFORE_UPGRADE_COMMIT);
    }

    /** Brings a store of format 1, 2 or 3 to format 4. */
    private void upgradeToVersionRecords(Connection connection, Statement statement, int version) throws SQLException {
        for (String ddl : sql.addReportColumn()) {
            statement.execute(ddl);
        }
        if (MetadataSql.storesLocalTimes(version)) {
            for (String upgrade : timesToUtc(statement)) {
                statement.execute(upgrade);
            }
        }
        for (String move : sql.moveReports()) {
            statement.execute(move);
        }
        new VersionRecordsUpgrade(sql).moveEntriesAndCommits(connection);
        for (String drop : sql.dropFormat3Tables()) {
            statement.execute(drop);
        }
    }

    /**
     * The statements moving the times of a store written before format 3 to UTC: they are in the zone of the JVM
     * that wrote them, taken to be this JVM's (the usual case: one machine, or machines in one zone).
     */
    private List<String> timesToUtc(Statement statement) throws SQLException {
        LocalDateTime earliest;
        LocalDateTime latest;
        try (ResultSet range = statement.executeQuery(sql.selectTimeRange())) {
            range.next();
            earliest = range.getObject(1, LocalDateTime.class);
            latest = range.getObject(2, LocalDateTime.class);
        }
        ZoneId zone = ZoneId.systemDefault();
        LOG.info("metadata schema {}: its times are taken to be in {} and moved to UTC", database.metadataSchema(),
                zone);
        return sql.upgrade(zone.getRules(), earliest, latest);
    }

    private ConfigException otherFormat(int version) {
        return new ConfigException("The metadata schema '" + database.metadataSchema() + "' of instance '"
                + database.config().instance() + "' has format version " + version + ", this dag "
                + "needs version " + MetadataSql.FORMAT_VERSION + ". dag does not guess: reset it "
                + "by dropping that schema, the stage schemas and '" + database.dataSchema()
                + "' (see docs/storage.md, 'Resetting').", null);
    }

    /**
     * With one query, when the store has this format: the physical names of the objects it knows (a run checks the
     * data schema against them). Empty when the tables are missing or of another format.
     */
    private Optional<Set<String>> knownObjectsIfCurrent() {
        try (Connection connection = database.connection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql.selectFormatAndPhysicalNames())) {
            Set<String> names = new HashSet<>();
            boolean current = false;
            while (rows.next()) {
                String name = rows.getString(2);
                if (name != null) {
                    names.add(name);
                } else if (rows.getInt(1) == MetadataSql.FORMAT_VERSION) {
                    current = true;
                }
            }
            return current ? Optional.of(names) : Optional.empty();
        } catch (SQLException e) {
            return Optional.empty();
        }
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
