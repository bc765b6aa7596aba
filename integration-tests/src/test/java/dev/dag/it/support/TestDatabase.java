package dev.dag.it.support;

import dev.dag.ConfigContext;
import dev.dag.internal.engine.Databases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * A fresh, empty dag instance for one test: a DuckDB file in a temporary folder, or a unique schema
 * prefix on the PostgreSQL test server (its schemas are dropped afterwards). Also runs plain SQL on it.
 */
public final class TestDatabase implements AutoCloseable {
    /** The databases the suite runs on. */
    public enum Kind { DUCKDB, POSTGRES }

    private final Kind kind;
    private final ConfigContext config;
    private final Path folder;

    private TestDatabase(Kind kind, ConfigContext config, Path folder) {
        this.kind = kind;
        this.config = config;
        this.folder = folder;
    }

    /** A fresh instance of {@code kind}; {@code label} names it in the database (for debugging). */
    public static TestDatabase open(Kind kind, String label) {
        if (kind == Kind.DUCKDB) {
            try {
                Path folder = Files.createTempDirectory("dag-it-");
                return new TestDatabase(kind, ConfigContext.duckdb(folder.resolve("dag.duckdb")), folder);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        PostgresLocator.Server server = PostgresLocator.server();
        String prefix = "t" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL) + "_";
        ConfigContext config = ConfigContext.builder().instance("it-" + label).url(server.url()).user(server.user())
                .password(server.password()).schemaPrefix(prefix).build();
        return new TestDatabase(kind, config, null);
    }

    /** Which database this is. */
    public Kind kind() {
        return kind;
    }

    /** The instance to run flows against. */
    public ConfigContext config() {
        return config;
    }

    /** The schema name of stage {@code stage} (with the instance's prefix). */
    public String schema(String stage) {
        return config.schemaPrefix() + stage;
    }

    /** {@code "schema"."table"} of a table in stage {@code stage}. */
    public String table(String stage, String table) {
        return "\"" + schema(stage) + "\".\"" + table + "\"";
    }

    /** Every row of {@code sql}, as maps of column label to value. */
    public List<Map<String, Object>> query(String sql) {
        try (Connection connection = Databases.of(config).connection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            ResultSetMetaData meta = rows.getMetaData();
            List<Map<String, Object>> out = new ArrayList<>();
            while (rows.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnLabel(i).toLowerCase(), rows.getObject(i));
                }
                out.add(row);
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("query failed: " + sql + ": " + e.getMessage(), e);
        }
    }

    /** The single value {@code sql} returns. */
    public Object value(String sql) {
        return query(sql).get(0).values().iterator().next();
    }

    /** Runs a statement. */
    public void execute(String sql) {
        try (Connection connection = Databases.of(config).connection();
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("statement failed: " + sql + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            if (kind == Kind.POSTGRES) {
                for (Map<String, Object> schema : query("SELECT schema_name FROM information_schema.schemata "
                        + "WHERE schema_name LIKE '" + config.schemaPrefix() + "%'")) {
                    execute("DROP SCHEMA \"" + schema.get("schema_name") + "\" CASCADE");
                }
            }
        } finally {
            config.close();
            deleteFolder();
        }
    }

    private void deleteFolder() {
        if (folder == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary folder; the OS cleans it eventually
        }
    }
}
