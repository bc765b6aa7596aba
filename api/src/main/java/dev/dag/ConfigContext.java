package dev.dag;

import dev.dag.internal.seam.Engine;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One resolved dag instance: where tables are stored (a JDBC URL and credentials), the schema prefix
 * that keeps several users or branches apart in one database, and the connection pool size. The pool
 * opens on first use; {@link #close()} releases it.
 *
 * <pre>{@code
 * try (ConfigContext config = ConfigContext.load("dag.yaml", "default")) {
 *     flow.run(RunOptions.of(config));
 * }
 * }</pre>
 *
 * In {@code dag.yaml}, each instance lists {@code url}, {@code user}, {@code password},
 * {@code schema_prefix}, {@code metadata_schema}, {@code pool_size}, {@code parallelism},
 * {@code lock_timeout_seconds}, {@code lock_mode}, {@code lock_lease_seconds}, {@code publish_wait_seconds},
 * {@code history_days} and {@code strict_versions}; {@code ${NAME}} and
 * {@code ${NAME:-default}} are replaced from the environment.
 */
public final class ConfigContext implements AutoCloseable {
    /** File name of the DuckDB database used when no configuration is given. */
    public static final String DEFAULT_DUCKDB_FILE = "dag.duckdb";

    private static final Map<Path, ConfigContext> DEFAULTS = new java.util.HashMap<>();

    private final String instance;
    private final String url;
    private final String user;
    private final String password;
    private final String schemaPrefix;
    private final String metadataSchema;
    private final int poolSize;
    private final int parallelism;
    private final int lockTimeoutSeconds;
    private final boolean strictVersions;
    private final int connectTimeoutSeconds;
    private final List<String> projectPackages;
    private final LockMode lockMode;
    private final int lockLeaseSeconds;
    private final int publishWaitSeconds;
    private final int historyDays;

    /**
     * How runs on one instance take turns on a stage and tell live runs from dead ones (see docs/concurrency.md).
     */
    public enum LockMode {
        /**
         * The default. PostgreSQL: session advisory locks, each on a connection of its own, released by the server
         * when a process dies; they need sessions that last (a direct connection, or a pooler in session mode).
         * DuckDB: within the process, which is the only one that can open the file.
         */
        SESSION,
        /**
         * PostgreSQL only: leases in a table of the metadata schema, renewed while a run lives; for poolers in
         * transaction mode, where a client has no session of its own. A dead run's lease is free after
         * {@code lock_lease_seconds}.
         */
        LEASE
    }

    private ConfigContext(Builder builder) {
        this.instance = builder.instance;
        this.url = builder.url;
        this.user = builder.user;
        this.password = builder.password;
        this.schemaPrefix = builder.schemaPrefix;
        this.metadataSchema = builder.metadataSchema;
        this.poolSize = builder.poolSize;
        this.parallelism = builder.parallelism;
        this.lockTimeoutSeconds = builder.lockTimeoutSeconds;
        this.strictVersions = builder.strictVersions;
        this.connectTimeoutSeconds = builder.connectTimeoutSeconds;
        this.projectPackages = List.copyOf(builder.projectPackages);
        this.lockMode = builder.lockMode;
        this.lockLeaseSeconds = builder.lockLeaseSeconds;
        this.publishWaitSeconds = builder.publishWaitSeconds;
        this.historyDays = builder.historyDays;
    }

    /**
     * The default instance: a DuckDB file {@value #DEFAULT_DUCKDB_FILE} in the working folder. The same context
     * for every call, so that runs without a configuration share one connection pool.
     */
    public static ConfigContext defaults() {
        Path file = Path.of(DEFAULT_DUCKDB_FILE).toAbsolutePath();
        synchronized (DEFAULTS) {
            return DEFAULTS.computeIfAbsent(file, ConfigContext::duckdb);
        }
    }

    /** An instance on the DuckDB database file {@code file} (created when missing). */
    public static ConfigContext duckdb(Path file) {
        return builder().instance("duckdb").url("jdbc:duckdb:" + file.toAbsolutePath()).build();
    }

    /**
     * The instance {@code instance} of the YAML file {@code yamlFile}.
     *
     * @throws ConfigException if the file cannot be read or has no such instance
     */
    public static ConfigContext load(String yamlFile, String instance) {
        return load(Path.of(yamlFile), instance);
    }

    /** {@link #load(String, String)} with a path. */
    public static ConfigContext load(Path yamlFile, String instance) {
        return Engine.loadConfig(yamlFile, instance);
    }

    /** A builder for an instance defined in code. */
    public static Builder builder() {
        return new Builder();
    }

    /** The instance name (for messages and lock keys). */
    public String instance() {
        return instance;
    }

    /** The JDBC URL of the table store. */
    public String url() {
        return url;
    }

    /** The database user, or null. */
    public String user() {
        return user;
    }

    /** The database password, or null. Never printed. */
    public String password() {
        return password;
    }

    /** Prefix put before every schema dag creates (default empty). */
    public String schemaPrefix() {
        return schemaPrefix;
    }

    /** Schema of dag's own metadata, before the prefix (default {@code dag_meta}). */
    public String metadataSchema() {
        return metadataSchema;
    }

    /** Maximum connections in the pool (default 4). */
    public int poolSize() {
        return poolSize;
    }

    /**
     * How many tasks of a flow run may run at once on this instance, or empty (the default) to let the database
     * decide: 1 for DuckDB, 4 for PostgreSQL. {@link RunOptions#withParallelism} overrides it for one run.
     */
    public OptionalInt parallelism() {
        return parallelism == 0 ? OptionalInt.empty() : OptionalInt.of(parallelism);
    }

    /** How long a run waits for a stage that another run is writing, in seconds (default 600). */
    public int lockTimeoutSeconds() {
        return lockTimeoutSeconds;
    }

    /**
     * Whether a task with a manual version whose code changed since its cache entry was written fails the run
     * before anything is written (default false: the run goes on and the task's reason warns). See
     * {@link RunOptions#withStrictVersions()}.
     */
    public boolean strictVersions() {
        return strictVersions;
    }

    /**
     * How long connecting and logging in to the database may take, in seconds (default 30); a server that
     * accepts connections but never answers fails the run after it. Queries are not limited by it.
     */
    public int connectTimeoutSeconds() {
        return connectTimeoutSeconds;
    }

    /**
     * Package prefixes whose code counts as the project's for {@code Materialize.AUTO} versions, besides the
     * classes folder or jar of each task's own class (for a project split over several jars). Default none.
     */
    public List<String> projectPackages() {
        return projectPackages;
    }

    /** How runs take turns on a stage and see each other (default {@link LockMode#SESSION}). */
    public LockMode lockMode() {
        return lockMode;
    }

    /**
     * With {@link LockMode#LEASE}: how long a lease lasts unless renewed, in seconds (default 30); a run renews
     * its leases every third of it, and a dead run's stage is free again after it.
     */
    public int lockLeaseSeconds() {
        return lockLeaseSeconds;
    }

    /**
     * How long publishing a stage may wait for readers that hold its views (open transactions that read them),
     * in seconds (default 60); then the publish fails naming them. PostgreSQL only: DuckDB's readers never block.
     */
    public int publishWaitSeconds() {
        return publishWaitSeconds;
    }

    /**
     * How many days of run history dag keeps: at the end of each run, the records of runs started longer ago are
     * forgotten (as {@code dag gc --keep-days} does, never a run whose tables a stage publishes nor the run that
     * committed a stage last). 0 (the default) keeps every run.
     */
    public int historyDays() {
        return historyDays;
    }

    /** Closes the connection pool, if open. The context may be used again; it then opens a new pool. */
    @Override
    public void close() {
        Engine.close(this);
    }

    @Override
    public String toString() {
        return "ConfigContext(" + instance + ", " + Engine.redacted(url) + ")";
    }

    /** Builds a {@link ConfigContext}; {@link #url(String)} is required. */
    public static final class Builder {
        private String instance = "default";
        private String url;
        private String user;
        private String password;
        private String schemaPrefix = "";
        private String metadataSchema = "dag_meta";
        private int poolSize = 4;
        private int parallelism;
        private int lockTimeoutSeconds = 600;
        private boolean strictVersions;
        private int connectTimeoutSeconds = 30;
        private List<String> projectPackages = List.of();
        private LockMode lockMode = LockMode.SESSION;
        private int lockLeaseSeconds = 30;
        private int publishWaitSeconds = 60;
        private int historyDays;

        private Builder() {
        }

        /** Instance name (default {@code default}). */
        public Builder instance(String instance) {
            this.instance = Objects.requireNonNull(instance, "instance");
            return this;
        }

        /** JDBC URL, e.g. {@code jdbc:duckdb:/data/dag.duckdb} or {@code jdbc:postgresql://host/db}. */
        public Builder url(String url) {
            this.url = Objects.requireNonNull(url, "url");
            return this;
        }

        /** Database user. */
        public Builder user(String user) {
            this.user = user;
            return this;
        }

        /** Database password. */
        public Builder password(String password) {
            this.password = password;
            return this;
        }

        /** Prefix for every schema dag creates (default empty). */
        public Builder schemaPrefix(String schemaPrefix) {
            this.schemaPrefix = Objects.requireNonNull(schemaPrefix, "schemaPrefix");
            return this;
        }

        /** Schema name of the metadata store (default {@code dag_meta}). */
        public Builder metadataSchema(String metadataSchema) {
            this.metadataSchema = Objects.requireNonNull(metadataSchema, "metadataSchema");
            return this;
        }

        /** Pool size (default 4, at least 1). */
        public Builder poolSize(int poolSize) {
            if (poolSize < 1) {
                throw new ConfigException("pool_size must be at least 1, got " + poolSize, null);
            }
            this.poolSize = poolSize;
            return this;
        }

        /**
         * How many tasks of a flow run may run at once (default: the database decides, 1 for DuckDB, 4 for
         * PostgreSQL; at least 1). The pool grows to {@code parallelism + 1} connections when it is smaller.
         */
        public Builder parallelism(int parallelism) {
            if (parallelism < 1) {
                throw new ConfigException("parallelism must be at least 1, got " + parallelism, null);
            }
            this.parallelism = parallelism;
            return this;
        }

        /** How long a run waits for a stage locked by another run, in seconds (default 600, at least 0). */
        public Builder lockTimeoutSeconds(int seconds) {
            if (seconds < 0) {
                throw new ConfigException("lock_timeout_seconds must not be negative, got " + seconds, null);
            }
            this.lockTimeoutSeconds = seconds;
            return this;
        }

        /** Package prefixes whose code counts as the project's for {@code Materialize.AUTO} (default none). */
        public Builder projectPackages(List<String> packages) {
            this.projectPackages = List.copyOf(packages);
            return this;
        }

        /** How long connecting and logging in may take, in seconds (default 30, at least 1). */
        public Builder connectTimeoutSeconds(int seconds) {
            if (seconds < 1) {
                throw new ConfigException("connect_timeout_seconds must be at least 1, got " + seconds, null);
            }
            this.connectTimeoutSeconds = seconds;
            return this;
        }

        /** How runs take turns on a stage (default {@link LockMode#SESSION}). */
        public Builder lockMode(LockMode mode) {
            this.lockMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** How long a lease lasts unless renewed, in seconds (default 30, at least 3), for {@link LockMode#LEASE}. */
        public Builder lockLeaseSeconds(int seconds) {
            if (seconds < 3) {
                throw new ConfigException("lock_lease_seconds must be at least 3 (a run renews its leases every third "
                        + "of it), got " + seconds, null);
            }
            this.lockLeaseSeconds = seconds;
            return this;
        }

        /** How long a publish may wait for readers of the stage, in seconds (default 60, at least 0). */
        public Builder publishWaitSeconds(int seconds) {
            if (seconds < 0) {
                throw new ConfigException("publish_wait_seconds must not be negative, got " + seconds, null);
            }
            this.publishWaitSeconds = seconds;
            return this;
        }

        /**
         * Days of run history to keep (default 0: every run); each run forgets the records of runs started longer
         * ago when it ends.
         */
        public Builder historyDays(int days) {
            if (days < 0) {
                throw new ConfigException("history_days must not be negative (0 keeps every run), got " + days, null);
            }
            this.historyDays = days;
            return this;
        }

        /** Whether a manual version whose task's code changed fails the run (default false). */
        public Builder strictVersions(boolean strict) {
            this.strictVersions = strict;
            return this;
        }

        /** Sets every key of an instance map read from YAML (keys as in {@code dag.yaml}). */
        public Builder fromMap(Map<String, String> values) {
            values.forEach(this::set);
            return this;
        }

        private void set(String key, String value) {
            switch (key) {
                case "url" -> url(value);
                case "user" -> user(value);
                case "password" -> password(value);
                case "schema_prefix" -> schemaPrefix(value);
                case "metadata_schema" -> metadataSchema(value);
                case "pool_size" -> poolSize(parseNumber("pool_size", value));
                case "parallelism" -> parallelism(parseNumber("parallelism", value));
                case "lock_timeout_seconds" -> lockTimeoutSeconds(parseNumber("lock_timeout_seconds", value));
                case "strict_versions" -> strictVersions(parseBoolean("strict_versions", value));
                case "connect_timeout_seconds" -> connectTimeoutSeconds(parseNumber("connect_timeout_seconds", value));
                case "lock_mode" -> lockMode(parseLockMode(value));
                case "lock_lease_seconds" -> lockLeaseSeconds(parseNumber("lock_lease_seconds", value));
                case "publish_wait_seconds" -> publishWaitSeconds(parseNumber("publish_wait_seconds", value));
                case "history_days" -> historyDays(parseNumber("history_days", value));
                case "project_packages" -> projectPackages(java.util.Arrays.stream(value.split(","))
                        .map(String::strip).filter(text -> !text.isEmpty()).toList());
                default -> throw new ConfigException("Unknown key '" + key + "' in instance '" + instance
                        + "'. Known keys: url, user, password, schema_prefix, metadata_schema, pool_size, "
                        + "parallelism, lock_timeout_seconds, lock_mode, lock_lease_seconds, publish_wait_seconds, "
                        + "history_days, strict_versions, connect_timeout_seconds, project_packages.", null);
            }
        }

        private LockMode parseLockMode(String value) {
            String text = value.trim().toLowerCase(java.util.Locale.ROOT);
            return switch (text) {
                case "session" -> LockMode.SESSION;
                case "lease" -> LockMode.LEASE;
                default -> throw new ConfigException("lock_mode of instance '" + instance + "' must be session or "
                        + "lease, got '" + value + "'", null);
            };
        }

        private boolean parseBoolean(String key, String value) {
            String text = value.trim().toLowerCase(java.util.Locale.ROOT);
            if (!text.equals("true") && !text.equals("false")) {
                throw new ConfigException(key + " of instance '" + instance + "' must be true or false, got '" + value
                        + "'", null);
            }
            return Boolean.parseBoolean(text);
        }

        private int parseNumber(String key, String value) {
            try {
                return Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new ConfigException(key + " of instance '" + instance + "' must be a number, got '"
                        + value + "'", e);
            }
        }

        /**
         * The context.
         *
         * @throws ConfigException if no URL was given
         */
        public ConfigContext build() {
            if (url == null || url.isBlank()) {
                throw Engine.forUser(new ConfigException("Instance '" + instance + "' has no url. Set it, e.g. "
                        + "url: jdbc:duckdb:dag.duckdb", null));
            }
            return new ConfigContext(this);
        }
    }
}
