package dev.dag.internal.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import dev.dag.TableRef;
import dev.dag.internal.config.Redaction;
import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.seam.TableAccess;
import dev.dag.internal.store.dialect.Dialect;
import dev.dag.internal.store.dialect.lock.Connections;
import dev.dag.internal.store.dialect.lock.Coordination;
import dev.dag.internal.store.dialect.lock.LockProbe;
import dev.dag.internal.store.dialect.lock.Presence;
import dev.dag.internal.store.dialect.lock.StageLock;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One instance's table store: its connection pool, its dialect and the schema names dag uses there
 * (stage schemas, the schema of physical tables, the metadata schema), all carrying the prefix.
 */
public final class Database implements AutoCloseable {
    /** Schema, before the prefix, that holds the immutable physical tables behind stage views. */
    static final String DATA_SCHEMA = "dag_data";
    /** Schema, before the prefix, of tables written by {@code Debug.materializeTable}. */
    static final String DEBUG_SCHEMA = "dag_debug";

    private final ConfigContext config;
    private final Dialect dialect;
    private final HikariDataSource pool;
    private final Coordination coordination;
    private final IdleSessions sessions;
    private final RetiredWatch retired;
    private final Connections connections = new Connections() {
        @Override
        public Connection pooled() throws SQLException {
            return connection();
        }

        @Override
        public Connection session() throws SQLException {
            return sessions.take();
        }

        @Override
        public Connection newSession() throws SQLException {
            return sessionConnection();
        }

        @Override
        public void release(Connection session) {
            sessions.giveBack(session);
        }
    };

    private Database(ConfigContext config, Dialect dialect, HikariDataSource pool, Coordination coordination) {
        this.config = config;
        this.dialect = dialect;
        this.pool = pool;
        this.coordination = coordination;
        this.sessions = new IdleSessions(this::sessionConnection, config.connectTimeoutSeconds());
        this.retired = new RetiredWatch(coordination.allLive().isPresent());
    }

    /**
     * Opens the pool of an instance.
     *
     * @throws ConfigException if the URL has no dialect or the database cannot be reached
     */
    public static Database open(ConfigContext config) {
        Dialect dialect = Dialects.forUrl(config.url(), config.instance());
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName("dag-" + config.instance());
        // user:password@ moves out of the URL: drivers that do not read it quote it in errors the pool logs
        Redaction.UrlCredentials url = Redaction.credentials(config.url());
        hikari.setJdbcUrl(url.url());
        hikari.setUsername(config.user() != null ? config.user() : url.user());
        hikari.setPassword(config.password() != null ? config.password() : url.password());
        hikari.setMaximumPoolSize(config.poolSize());
        hikari.setMinimumIdle(1);
        hikari.setConnectionTimeout(config.connectTimeoutSeconds() * 1000L);
        dialect.connectionProperties(config.connectTimeoutSeconds()).forEach(hikari::addDataSourceProperty);
        for (String internal : new String[] {DATA_SCHEMA, DEBUG_SCHEMA, config.metadataSchema()}) {
            if (bytes(config.schemaPrefix() + internal) > dialect.maxIdentifierBytes()) {
                throw new ConfigException("Instance '" + config.instance() + "': schema '" + config.schemaPrefix()
                        + internal + "' is longer than the " + dialect.maxIdentifierBytes() + " bytes " + dialect.name()
                        + " keeps; shorten schema_prefix.", null);
            }
        }
        Coordination coordination = coordination(config, dialect);
        try {
            HikariDataSource pool = new HikariDataSource(hikari);
            if (dialect.capabilities().costlyPrepare()) {
                try (Connection connection = pool.getConnection()) {
                    Queries.reusePreparedStatements(connection);
                } catch (SQLException e) {
                    pool.close();
                    throw e;
                }
            }
            return new Database(config, dialect, pool, coordination);
        } catch (HikariPool.PoolInitializationException | IllegalArgumentException | SQLException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String hint = String.valueOf(cause.getMessage()).contains("Conflicting lock")
                    ? "Another process has this DuckDB file open, and DuckDB lets one process at a time write a file: "
                    + "wait for it to end, or give this run its own file."
                    : "Check that the database is running and the URL, user and password are right.";
            String reason = String.valueOf(cause.getMessage()).strip().replaceAll("\\.+$", "");
            // the driver's own messages may quote a password: the cause is kept without it
            List<String> secrets = Arrays.asList(config.password(), url.password());
            throw new ConfigException("Cannot connect to the table store of instance '" + config.instance()
                    + "' at " + Redaction.url(config.url()) + ": " + Redaction.text(reason, secrets) + ". " + hint,
                    Redaction.throwable(e, secrets));
        }
    }

    private static Coordination coordination(ConfigContext config, Dialect dialect) {
        String metadata = config.schemaPrefix() + config.metadataSchema();
        if (config.lockMode() == ConfigContext.LockMode.SESSION) {
            return dialect.coordination(metadata);
        }
        return dialect.leaseCoordination(metadata, Duration.ofSeconds(config.lockLeaseSeconds()))
                .orElseThrow(() -> new ConfigException("Instance '" + config.instance() + "': lock_mode lease is for PostgreSQL behind "
                    + "a pooler in transaction mode; " + dialect.name() + " keeps the runs of a database in the one "
                    + "process that opened it. Remove lock_mode (see docs/concurrency.md).", null));
    }

    /**
     * The database of an instance that holds nothing yet, for a plan: names and SQL text as usual, but no pool,
     * so that looking creates nothing (not even an embedded database's file).
     */
    static Database withoutConnection(ConfigContext config) {
        Dialect dialect = Dialects.forUrl(config.url(), config.instance());
        return new Database(config, dialect, null, coordination(config, dialect));
    }

    /** Whether {@link #connection()} reaches a database (false for {@link #withoutConnection}). */
    public boolean isConnected() {
        return pool != null;
    }

    /** The instance this database belongs to. */
    public ConfigContext config() {
        return config;
    }

    /** The dialect of this database. */
    public Dialect dialect() {
        return dialect;
    }

    /**
     * Grows the pool so that {@code parallelism} tasks and the run that schedules them each find a connection
     * (never shrinks it: runs of other parallelism may share the pool).
     */
    public synchronized void reserveConnections(int parallelism) {
        if (pool.getMaximumPoolSize() < parallelism + 1) {
            pool.setMaximumPoolSize(parallelism + 1);
        }
    }

    /** A pooled connection in auto-commit mode; close it to return it. */
    public Connection connection() throws SQLException {
        if (pool == null) {
            throw new SQLException("instance '" + config.instance() + "' holds no database yet");
        }
        return pool.getConnection();
    }

    /**
     * Refuses a stage whose schema name (prefix + stage) the database would silently truncate, which could
     * merge two stages into one schema.
     *
     * @throws DefinitionException naming the stage, the prefix and the limit
     */
    public void requireStageSchemaFits(String stage) {
        String reserved = dialect.reservedSchema(stageSchema(stage), config.url()).orElse(null);
        if (reserved != null) {
            throw new dev.dag.DefinitionException("Stage '" + stage + "' would be the schema '" + stageSchema(stage)
                    + "', which " + dialect.name() + " keeps for itself (" + reserved + "): dag would publish its views "
                    + "among the database's own objects. Rename the stage, or give the instance a schema_prefix.",
                    null, null, stage);
        }
        int length = bytes(stageSchema(stage));
        if (length > dialect.maxIdentifierBytes()) {
            throw new dev.dag.DefinitionException("Stage '" + stage + "' has the schema '" + stageSchema(stage) + "' ("
                    + length + " bytes with the prefix '" + config.schemaPrefix() + "'), longer than the "
                    + dialect.maxIdentifierBytes() + " bytes " + dialect.name() + " keeps. Shorten the stage name or "
                    + "the instance's schema_prefix.", null, null, stage);
        }
    }

    private static int bytes(String name) {
        return name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    /** The schema of stage {@code stage}. */
    public String stageSchema(String stage) {
        return config.schemaPrefix() + stage;
    }

    /** A reference to {@code schema.name} whose text is quoted as this database quotes identifiers. */
    public TableRef ref(String schema, String name) {
        return TableAccess.refs().quoted(schema, name, dialect.qualified(schema, name));
    }

    /** The schema of physical tables. */
    public String dataSchema() {
        return config.schemaPrefix() + DATA_SCHEMA;
    }

    /** The schema of debug tables. */
    public String debugSchema() {
        return config.schemaPrefix() + DEBUG_SCHEMA;
    }

    /** The metadata schema. */
    public String metadataSchema() {
        return config.schemaPrefix() + config.metadataSchema();
    }

    /**
     * Marks run {@code runId} live for other runs on this database until the presence is closed (or the process
     * dies): they then leave alone what it wrote and what it may still read.
     */
    public Presence join(String runId) throws SQLException {
        return coordination.join(runId, connections);
    }

    /** Every live run on this database, when its coordination sees them all (see {@link Coordination#allLive()}). */
    public Optional<Set<String>> allLiveRuns() {
        return coordination.allLive();
    }

    /** Whether retired objects may wait in the metadata for a run's end to drop them. */
    public RetiredWatch retiredWatch() {
        return retired;
    }

    /** Of {@code runIds}, the runs that are live now (on {@code connection}, a pooled one). */
    public Set<String> live(Connection connection, Collection<String> runIds) throws SQLException {
        return coordination.live(connection, runIds);
    }

    /**
     * Takes the lock that lets one run at a time write {@code stage} on this database (across processes where the
     * database supports it), for run {@code runId}, waiting up to the instance's lock timeout.
     *
     * @return the held lock, or null if the timeout passed
     */
    public StageLock lockStage(String runId, String stage, Consumer<String> waiting, Optional<LockProbe> probe)
            throws SQLException, InterruptedException {
        Duration timeout = Duration.ofSeconds(config.lockTimeoutSeconds());
        return probe.isPresent()
                ? coordination.lock(runId, lockName(stage), connections, timeout, waiting, probe.get())
                : coordination.lock(runId, lockName(stage), connections, timeout, waiting);
    }

    /** Whether a stage's lock is taken with a probe answered in the same round trip ({@link LockProbe}). */
    public boolean stageLockAnswersProbes() {
        return coordination.answersProbes();
    }

    /** A mark of the lock of {@code stage} while no run holds it, where every run that may take it is seen. */
    public OptionalLong stageLockFreeMark(String stage) {
        return coordination.freeMark(lockName(stage));
    }

    private String lockName(String stage) {
        return metadataSchema() + "/" + stageSchema(stage);
    }

    /** A new connection outside the pool, for locks that must end with their session. */
    private Connection sessionConnection() throws SQLException {
        Properties properties = new Properties();
        dialect.connectionProperties(config.connectTimeoutSeconds()).forEach(properties::setProperty);
        if (config.user() != null) {
            properties.setProperty("user", config.user());
        }
        if (config.password() != null) {
            properties.setProperty("password", config.password());
        }
        Connection session = DriverManager.getConnection(config.url(), properties);
        try {
            // each statement reads what committed before it started, whatever the server's default: a lock's probe,
            // sent in one batch with the lock statement (one implicit transaction), must see what the last holder
            // committed before it let go, which a snapshot taken once for the batch, before the lock, could miss
            session.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        } catch (SQLException e) {
            session.close();
            throw e;
        }
        return session;
    }

    @Override
    public void close() {
        sessions.close();
        if (pool != null) {
            pool.close();
        }
    }
}
