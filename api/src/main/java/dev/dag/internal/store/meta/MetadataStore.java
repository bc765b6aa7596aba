package dev.dag.internal.store.meta;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.cache.TaskKey;
import dev.dag.ConfigException;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * dag's own records in the metadata schema: the objects (tables, blobs) of each stage version and their
 * state, the cache entries of tasks, the runs and what they did. Only what a committed stage published
 * counts as cache: a failed or killed run leaves {@code staged} rows that the next run drops.
 */
public final class MetadataStore {
    private static final Logger LOG = LoggerFactory.getLogger(MetadataStore.class);
    private static final int CREATE_ATTEMPTS = 5;
    private static final long CREATE_PAUSE_MILLIS = 200;
    private final Database database;
    private final MetadataSql sql;
    private boolean present = true;

    private MetadataStore(Database database) {
        this.database = database;
        this.sql = database.dialect().metadata(database.metadataSchema());
    }

    /**
     * Opens the metadata store for a run, creating its tables on first use; checks the data schema as the run's
     * {@code catalog} lists it.
     *
     * @throws ConfigException if the store was written by an incompatible version of dag
     */
    public static MetadataStore open(Database database, RunCatalog catalog) throws SQLException {
        MetadataStore store = new MetadataStore(database);
        store.createIfMissing();
        new ForeignTables(database, store.sql).refuse(catalog);
        return store;
    }

    /**
     * Opens the metadata store for reading only, creating nothing: a store that does not exist yet (or an instance
     * without a database) reads as empty ({@link #isPresent()} false).
     *
     * @throws ConfigException if the store was written by an incompatible version of dag
     */
    public static MetadataStore openForReading(Database database) {
        MetadataStore store = new MetadataStore(database);
        int version = database.isConnected() ? store.existingVersion() : -1;
        if (version == -1) {
            store.present = false;
        } else if (MetadataSql.upgradable(version)) {
            throw new ConfigException("The metadata schema '" + database.metadataSchema() + "' of instance '"
                    + database.config().instance() + "' was written by an earlier dag (format version " + version
                    + "); the next run upgrades it to version " + MetadataSql.FORMAT_VERSION + ", which a plan, "
                    + "writing nothing, does not. Run the flow once, then plan.", null);
        } else if (version != MetadataSql.FORMAT_VERSION) {
            throw store.otherFormat(version);
        }
        return store;
    }

    /** Whether the metadata tables exist (false only for a store opened for reading that found none). */
    public boolean isPresent() {
        return present;
    }

    /** The flow whose run committed {@code stage} last, or null if it was never committed. */
    public String lastCommittingFlow(Connection connection, String stage) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql.selectLastCommittingFlow())) {
            select.setString(1, stage);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    private void createIfMissing() throws SQLException {
        if (existingVersion() == MetadataSql.FORMAT_VERSION && hasRunReports()) {
            return; // the usual case: no DDL, which costs a commit each on an embedded database
        }
        synchronized (database) {
            for (int attempt = 1; ; attempt++) {
                try {
                    createOrUpgrade();
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

    private void createOrUpgrade() throws SQLException {
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
                } else if (MetadataSql.upgradable(version)) {
                    upgradeUnlessDone(statement, version);
                } else if (version != MetadataSql.FORMAT_VERSION) {
                    connection.rollback();
                    throw otherFormat(version);
                }
            } catch (SQLException e) {
                connection.rollback(); // a pooled connection must not keep the failed transaction (and its snapshot)
                throw e;
            }
            connection.commit();
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

    /** Whether the table of run reports exists (a store written by an earlier dag of format 1 lacks it). */
    private boolean hasRunReports() {
        try (Connection connection = database.connection();
             Statement statement = connection.createStatement()) {
            statement.executeQuery(sql.selectAnyRunReport()).close();
            return true;
        } catch (SQLException e) {
            return false;
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

    /**
     * An object a stage holds; {@code retiredWhile}: for a retired one, the runs that were live when it was
     * retired (they may still read it).
     */
    public record StoredObject(String physicalName, String name, ObjectKind kind, long rows, String cacheKey,
                               String query, String blobType, String blobJson, String runId, ObjectState state,
                               Set<String> retiredWhile) {
    }

    /** A retired object of some stage, and the runs that were live when it was retired. */
    public record RetiredObject(String physicalName, String stage, ObjectKind kind, Set<String> retiredWhile) {
    }

    /** An object a run wrote, with its rows (0 for a blob). */
    public record NewObject(String physicalName, String stage, String name, ObjectKind kind, String task, String cacheKey,
                            String query, String blobType, String blobJson, long rows) {
    }

    /**
     * Records an object a run wrote, as staged: within the transaction that wrote it, so that a crash leaves both
     * the table and its record, or neither, and the run pays one commit per table.
     */
    public void registerStaged(Connection connection, NewObject object, String runId) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(sql.insertStaged())) {
            insert.setString(1, object.physicalName());
            insert.setString(2, object.stage());
            insert.setString(3, object.name());
            insert.setString(4, object.kind().stored());
            insert.setString(5, object.task());
            insert.setString(6, runId);
            insert.setLong(7, object.rows());
            insert.setString(8, object.cacheKey());
            insert.setString(9, object.query());
            insert.setString(10, object.blobType());
            insert.setString(11, object.blobJson());
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
                            ObjectState.fromStored(rows.getString(10)), runIds(rows.getString(11))));
                }
            }
        }
        return objects;
    }

    /** The retired objects of every stage. */
    public List<RetiredObject> retired(Connection connection) throws SQLException {
        return select(connection, sql.selectRetired(), rows -> new RetiredObject(rows.getString(1), rows.getString(2),
                ObjectKind.fromStored(rows.getString(3)), runIds(rows.getString(4))));
    }

    /** The ids of the runs recorded as running: the live ones, and dead ones that never recorded their end. */
    public Set<String> running(Connection connection) throws SQLException {
        return new TreeSet<>(select(connection, sql.selectRunning(), rows -> rows.getString(1)));
    }

    /** Of {@code runIds}, the runs that are live now. */
    public Set<String> live(Connection connection, Collection<String> runIds) throws SQLException {
        return database.live(connection, runIds);
    }

    /** The live runs other than {@code runId}: they may still read what a publish retires now. */
    public Set<String> otherLiveRuns(Connection connection, String runId) throws SQLException {
        Set<String> running = running(connection);
        running.remove(runId);
        return database.live(connection, running);
    }

    private interface Row<T> {
        T read(ResultSet rows) throws SQLException;
    }

    private static <T> List<T> select(Connection connection, String query, Row<T> row) throws SQLException {
        List<T> values = new ArrayList<>();
        try (Statement select = connection.createStatement(); ResultSet rows = select.executeQuery(query)) {
            while (rows.next()) {
                values.add(row.read(rows));
            }
        }
        return values;
    }

    private static Set<String> runIds(String stored) {
        return stored == null || stored.isEmpty() ? Set.of() : Set.of(stored.split(","));
    }

    /** Whether the run started within {@code hours} hours (unknown runs count as old). */
    public boolean startedWithin(Connection connection, String runId, int hours) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql.selectRunStart())) {
            select.setString(1, runId);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() && MetadataValues.readTime(rows, 1)
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
        readEntries(connection, sql.selectPublishedTasks(), stage, (entry, runId, published) -> entries.add(entry));
        return entries;
    }

    /** A cache entry of a version that run {@code runId} wrote but could not publish. */
    public record StagedEntry(String runId, CacheEntry entry) {
    }

    /** A stage's cache entries: its published version's, and those of versions written but not published. */
    public record StageEntries(List<CacheEntry> published, List<StagedEntry> staged) {
    }

    /** Every cache entry of the stage, with one query. */
    public StageEntries entriesOf(Connection connection, String stage) throws SQLException {
        StageEntries entries = new StageEntries(new ArrayList<>(), new ArrayList<>());
        readEntries(connection, sql.selectTasks(), stage, (entry, runId, published) -> {
            if (published) {
                entries.published().add(entry);
            } else {
                entries.staged().add(new StagedEntry(runId, entry));
            }
        });
        return entries;
    }

    private interface EntryRow {
        void add(CacheEntry entry, String runId, boolean published);
    }

    /** Reads entries with {@code select}: columns task, ordinal, key, parts, outputs, and optionally run and state. */
    private void readEntries(Connection connection, String select, String stage, EntryRow row) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(select)) {
            statement.setString(1, stage);
            try (ResultSet rows = statement.executeQuery()) {
                boolean withState = rows.getMetaData().getColumnCount() > 5;
                while (rows.next()) {
                    row.add(new CacheEntry(rows.getString(1), rows.getInt(2),
                            TaskKey.fromParts(rows.getString(3), rows.getString(1), stage, rows.getString(4)),
                            CacheEntry.outputsFromJson(rows.getString(5))), withState ? rows.getString(6) : null,
                            !withState || "published".equals(rows.getString(7)));
                }
            }
        }
    }

    /**
     * Keeps what a run wrote for a stage whose publish failed, for a later run to take over: its cache entries, as
     * unpublished ones (its tables are registered with their rows already).
     */
    public void setAside(Connection connection, String stage, String runId, List<CacheEntry> entries)
            throws SQLException {
        insertEntries(connection, sql.insertStagedTasks(), stage, runId, entries);
    }

    /** Forgets the unpublished cache entries of {@code runIds} in a stage. */
    public void forgetStagedEntries(Connection connection, String stage, Collection<String> runIds)
            throws SQLException {
        if (runIds.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = connection.prepareStatement(sql.deleteStagedTasks())) {
            for (String runId : runIds) {
                delete.setString(1, stage);
                delete.setString(2, runId);
                delete.executeUpdate();
            }
        }
    }

    private static void insertEntries(Connection connection, String insert, String stage, String runId,
                                      List<CacheEntry> entries) throws SQLException {
        if (entries.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement(insert)) {
            statement.setString(1, stage);
            statement.setObject(2, MetadataValues.varchars(connection, entries, CacheEntry::task));
            statement.setObject(3, MetadataValues.integers(connection, entries, CacheEntry::ordinal));
            statement.setObject(4, MetadataValues.varchars(connection, entries, entry -> entry.key().key()));
            statement.setString(5, runId);
            statement.setObject(6, MetadataValues.varchars(connection, entries, entry -> entry.key().partsJson()));
            statement.setObject(7, MetadataValues.varchars(connection, entries, CacheEntry::outputsJson));
            statement.executeUpdate();
        }
    }

    /**
     * What a publish changes in a stage's metadata besides the objects the run staged: committed objects that leave
     * the published version ({@code retired}), objects of dead runs' unpublished versions that join it
     * ({@code takenOver}), and the cache entries that are new or different ({@code written}) or gone
     * ({@code removed}). Everything else stays as it is, however large the stage.
     */
    public record VersionChange(Collection<String> retired, Collection<String> takenOver, List<CacheEntry> written,
                                List<CacheEntry> removed) {
    }

    /**
     * Within the publishing transaction: the run's staged objects and the change's taken-over ones are published,
     * its retired ones retired, noting the other runs live now ({@code liveRuns}, which may still read them), and
     * its cache entries replaced; the stage's commit is recorded. Each kind of row is written with one statement,
     * whatever the number of rows: the statements of a publish cost more than its rows.
     */
    public void publish(Connection connection, String stage, String runId, VersionChange change,
                        Set<String> liveRuns) throws SQLException {
        if (!change.retired().isEmpty()) {
            try (PreparedStatement retire = connection.prepareStatement(sql.retirePublished())) {
                retire.setString(1, liveRuns.isEmpty() ? null : String.join(",", new TreeSet<>(liveRuns)));
                retire.setObject(2, MetadataValues.varchars(connection, change.retired(), physical -> physical));
                retire.executeUpdate();
            }
        }
        if (!change.takenOver().isEmpty()) {
            try (PreparedStatement takeOver = connection.prepareStatement(sql.publishTakenOver())) {
                takeOver.setObject(1, MetadataValues.varchars(connection, change.takenOver(), physical -> physical));
                takeOver.executeUpdate();
            }
        }
        try (PreparedStatement publish = connection.prepareStatement(sql.publishStaged())) {
            publish.setString(1, stage);
            publish.setString(2, runId);
            publish.executeUpdate();
        }
        List<CacheEntry> replaced = new ArrayList<>(change.written());
        replaced.addAll(change.removed());
        if (!replaced.isEmpty()) {
            try (PreparedStatement delete = connection.prepareStatement(sql.deletePublishedTasks())) {
                delete.setString(1, stage);
                delete.setObject(2, MetadataValues.varchars(connection, replaced,
                        entry -> MetadataSql.taskSlot(entry.task(), entry.ordinal())));
                delete.executeUpdate();
            }
        }
        insertEntries(connection, sql.insertTasks(), stage, runId, change.written());
        recordStageCommits(connection, runId, List.of(new StageCommit(stage, Instant.now())));
    }

    /** A run committed {@code stage} at {@code at}. */
    public record StageCommit(String stage, Instant at) {
    }

    private void recordStageCommits(Connection connection, String runId, List<StageCommit> commits)
            throws SQLException {
        if (commits.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement(sql.insertStageCommits())) {
            insert.setObject(1, MetadataValues.varchars(connection, commits, StageCommit::stage));
            insert.setString(2, runId);
            insert.setObject(3, MetadataValues.times(connection, commits, StageCommit::at));
            insert.executeUpdate();
        }
    }

    private void insertTaskRuns(Connection connection, String runId, List<TaskRun> runs, Instant finished)
            throws SQLException {
        if (runs.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement(sql.insertTaskRuns())) {
            insert.setString(1, runId);
            insert.setObject(2, MetadataValues.varchars(connection, runs, TaskRun::stage));
            insert.setObject(3, MetadataValues.varchars(connection, runs, TaskRun::task));
            insert.setObject(4, MetadataValues.varchars(connection, runs, TaskRun::outcome));
            insert.setObject(5, MetadataValues.varchars(connection, runs, TaskRun::reason));
            insert.setObject(6, MetadataValues.bigints(connection, runs, TaskRun::millis));
            insert.setObject(7, MetadataValues.bigints(connection, runs, TaskRun::rows));
            insert.setString(8, MetadataValues.timeText(finished));
            insert.executeUpdate();
        }
    }

    /** One task outcome of a run, for {@link #runEnded}. */
    public record TaskRun(String stage, String task, String outcome, String reason, long millis, long rows) {
    }

    /**
     * Records the end of a run ({@code succeeded}, {@code failed} or {@code aborted}) in one transaction: what it
     * did to its tasks and why, readable after the fact, the commits of its stages that it found unchanged (they
     * publish nothing, so they are recorded here rather than with a commit of their own) and its report (JSON, or
     * null for none).
     */
    public void runEnded(String runId, RunStatus status, List<TaskRun> runs, List<StageCommit> unchangedStages,
                         String report) throws SQLException {
        try (Connection connection = database.connection();
             PreparedStatement finish = connection.prepareStatement(sql.finishRun());
             PreparedStatement insertReport = connection.prepareStatement(sql.insertRunReport())) {
            connection.setAutoCommit(false);
            try {
                Instant now = Instant.now();
                insertTaskRuns(connection, runId, runs, now);
                recordStageCommits(connection, runId, unchangedStages);
                if (report != null) {
                    insertReport.setString(1, runId);
                    insertReport.setString(2, report);
                    insertReport.executeUpdate();
                }
                finish.setString(1, MetadataValues.timeText(now));
                finish.setString(2, status.stored());
                finish.setString(3, runId);
                finish.executeUpdate();
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback(); // a pooled connection must not keep the failed transaction
                throw e;
            }
        }
    }

    /** What the metadata remembers of past runs and stage versions. */
    public RunHistory history() {
        return new RunHistory(database, sql, present);
    }

    /** Forgets a stage's cache entries and commits (its objects are forgotten one by one, as they are dropped). */
    public void forgetStage(Connection connection, String stage) throws SQLException {
        for (String delete : sql.deleteStage()) {
            try (PreparedStatement statement = connection.prepareStatement(delete)) {
                statement.setString(1, stage);
                statement.executeUpdate();
            }
        }
    }

    /** The report (JSON) kept for a run, or null. */
    public String report(String runId) throws SQLException {
        if (!present) {
            return null;
        }
        try (Connection connection = database.connection();
             PreparedStatement select = connection.prepareStatement(sql.selectRunReport())) {
            select.setString(1, runId);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    /** Records the start of a run. */
    public void runStarted(String runId, String flow) throws SQLException {
        try (Connection connection = database.connection();
             PreparedStatement insert = connection.prepareStatement(sql.insertRun())) {
            insert.setString(1, runId);
            insert.setString(2, flow);
            insert.setString(3, MetadataValues.timeText(Instant.now()));
            insert.setString(4, "running");
            insert.executeUpdate();
        }
    }
}
