package dev.dag.bench.macro;

import dev.dag.ConfigContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * One fresh dag instance to benchmark on, plus what the plain-JDBC baselines need: connections of their
 * own (outside dag's pool), a scratch schema, and the database's way of generating rows in SQL.
 *
 * <p>DuckDB: a new database file in a temporary folder (deleted afterwards); the baselines open their own
 * connection to the same file. PostgreSQL: a random schema prefix on the server named by
 * {@code DAG_BENCH_POSTGRES_URL} / {@code _USER} / {@code _PASSWORD} (default the local
 * {@code jdbc:postgresql://127.0.0.1:5432/test}, user {@code postgres}); every schema with that prefix is
 * dropped afterwards.
 */
public final class BenchDatabase implements AutoCloseable {
    /** The databases the harness knows. */
    public enum Kind { DUCKDB, POSTGRES }

    private static final String LOCAL_POSTGRES = "jdbc:postgresql://127.0.0.1:5432/test";
    private static final int DROP_BATCH = 200;

    private final Kind kind;
    private final ConfigContext config;
    private final Path folder;

    private BenchDatabase(Kind kind, ConfigContext config, Path folder) {
        this.kind = kind;
        this.config = config;
        this.folder = folder;
    }

    /** A new DuckDB instance in a temporary folder; {@code parallelism} 0: the database's default. */
    public static BenchDatabase duckdb(int parallelism) {
        try {
            Path folder = Files.createTempDirectory("dag-bench-");
            ConfigContext.Builder config = ConfigContext.builder().instance("duckdb")
                    .url("jdbc:duckdb:" + folder.resolve("bench.duckdb").toAbsolutePath());
            return new BenchDatabase(Kind.DUCKDB, withParallelism(config, parallelism).build(), folder);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A new schema prefix on the PostgreSQL server.
     *
     * @throws SQLException if no server answers (the caller reports the skip)
     */
    public static BenchDatabase postgres(int parallelism) throws SQLException {
        String url = System.getenv().getOrDefault("DAG_BENCH_POSTGRES_URL", LOCAL_POSTGRES);
        String user = System.getenv().getOrDefault("DAG_BENCH_POSTGRES_USER", "postgres");
        String password = System.getenv().getOrDefault("DAG_BENCH_POSTGRES_PASSWORD", "");
        DriverManager.getConnection(url, user, password).close();
        String prefix = "bench" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL) + "_";
        ConfigContext.Builder config = ConfigContext.builder().instance("bench").url(url).user(user).password(password)
                .schemaPrefix(prefix);
        return new BenchDatabase(Kind.POSTGRES, withParallelism(config, parallelism).build(), null);
    }

    private static ConfigContext.Builder withParallelism(ConfigContext.Builder config, int parallelism) {
        return parallelism == 0 ? config : config.parallelism(parallelism);
    }

    /** Which database this is. */
    public Kind kind() {
        return kind;
    }

    /** Lower-case name for the report. */
    public String label() {
        return kind.name().toLowerCase();
    }

    /** The dag instance. */
    public ConfigContext config() {
        return config;
    }

    /**
     * A connection of its own (not from dag's pool), in auto-commit mode; {@code urlOptions} are appended to
     * a PostgreSQL URL (e.g. {@code reWriteBatchedInserts=true}) and ignored for DuckDB.
     */
    public Connection plainConnection(String urlOptions) throws SQLException {
        String url = config.url();
        if (kind == Kind.POSTGRES && !urlOptions.isEmpty()) {
            url += (url.contains("?") ? "&" : "?") + urlOptions;
        }
        return DriverManager.getConnection(url, config.user(), config.password());
    }

    /** The schema the baselines write into (created by {@link #createScratchSchema}). */
    public String scratchSchema() {
        return config.schemaPrefix() + "bench_plain";
    }

    /** Creates the baselines' schema. */
    public void createScratchSchema(Connection connection) throws SQLException {
        execute(connection, "CREATE SCHEMA IF NOT EXISTS \"" + scratchSchema() + "\"");
    }

    /** {@code "scratch"."table"}. */
    public String scratchTable(String table) {
        return "\"" + scratchSchema() + "\".\"" + table + "\"";
    }

    /**
     * A FROM item that yields {@code rows} rows with one BIGINT column {@code i} = 0, 1, ..., rows - 1:
     * DuckDB's {@code range}, PostgreSQL's {@code generate_series}.
     */
    public String series(long rows) {
        return kind == Kind.DUCKDB
                ? "range(" + rows + ") AS s(i)"
                : "generate_series(0::bigint, " + (rows - 1) + "::bigint) AS s(i)";
    }

    /** Runs one statement. */
    public static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Override
    public void close() {
        try {
            if (kind == Kind.POSTGRES) {
                dropPrefixedSchemas();
            }
        } catch (SQLException e) {
            System.err.println("could not drop the benchmark schemas " + config.schemaPrefix() + "*: " + e.getMessage());
        } finally {
            config.close();
            deleteFolder();
        }
    }

    private void dropPrefixedSchemas() throws SQLException {
        try (Connection connection = plainConnection("")) {
            List<String> schemas = new ArrayList<>();
            try (Statement statement = connection.createStatement();
                 ResultSet rows = statement.executeQuery("SELECT schema_name FROM information_schema.schemata "
                         + "WHERE schema_name LIKE '" + config.schemaPrefix() + "%'")) {
                while (rows.next()) {
                    schemas.add(rows.getString(1));
                }
            }
            for (String schema : schemas) {
                dropRelationsInBatches(connection, schema);
                execute(connection, "DROP SCHEMA \"" + schema + "\" CASCADE");
            }
        }
    }

    /**
     * Drops a schema's views, then its tables, a few hundred per statement: dropping scenario h's 5,000 tables in
     * one transaction takes more locks than a default server allows ("out of shared memory").
     */
    private static void dropRelationsInBatches(Connection connection, String schema) throws SQLException {
        for (String kind : List.of("VIEW", "TABLE")) {
            List<String> names = new ArrayList<>();
            try (Statement statement = connection.createStatement();
                 ResultSet rows = statement.executeQuery("SELECT table_name FROM information_schema.tables WHERE "
                         + "table_schema = '" + schema + "' AND table_type " + (kind.equals("VIEW") ? "= 'VIEW'"
                         : "<> 'VIEW'"))) {
                while (rows.next()) {
                    names.add("\"" + schema + "\".\"" + rows.getString(1) + "\"");
                }
            }
            for (int from = 0; from < names.size(); from += DROP_BATCH) {
                execute(connection, "DROP " + kind + " IF EXISTS "
                        + String.join(", ", names.subList(from, Math.min(names.size(), from + DROP_BATCH)))
                        + " CASCADE");
            }
        }
    }

    private void deleteFolder() {
        if (folder == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not delete " + folder + ": " + e.getMessage());
        }
    }
}
