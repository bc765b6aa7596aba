package dev.dag.it.support;

import dev.dag.ConfigContext;
import dev.dag.RunOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fresh dag instance per test: a DuckDB file in a temporary folder, its {@link ConfigContext} (closed,
 * with its pool, after the test) and plain-JDBC helpers to look at the database the way any other reader
 * would. Register it with {@code @RegisterExtension final DuckDbInstance db = new DuckDbInstance();}.
 *
 * <p>Each helper opens its own {@link DriverManager} connection and closes it before returning. In one
 * process, DuckDB shares the open database file between such connections and the library's pool; a
 * second process could not open it.
 */
public final class DuckDbInstance implements BeforeEachCallback, AfterEachCallback {
    private Path folder;
    private ConfigContext config;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        folder = Files.createTempDirectory("dag-it-");
        config = ConfigContext.duckdb(file());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try {
            config.close();
        } finally {
            deleteRecursively(folder);
        }
    }

    /** The DuckDB database file of this test. */
    public Path file() {
        return folder.resolve("dag.duckdb");
    }

    /** The instance on {@link #file()}. */
    public ConfigContext config() {
        return config;
    }

    /** Run options against this test's instance. */
    public RunOptions options() {
        return RunOptions.of(config);
    }

    /** Every row of {@code sql}, each as the list of its column values, in the query's order. */
    public List<List<Object>> rows(String sql) {
        try (Connection connection = connect();
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData meta = result.getMetaData();
            List<List<Object>> rows = new ArrayList<>();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.add(result.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new AssertionError("query failed: " + sql + "\n" + e.getMessage(), e);
        }
    }

    /** The single value {@code sql} returns. */
    public Object value(String sql) {
        List<List<Object>> rows = rows(sql);
        if (rows.size() != 1 || rows.get(0).size() != 1) {
            throw new AssertionError("expected one value from " + sql + ", got " + rows);
        }
        return rows.get(0).get(0);
    }

    /** Number of rows of a table or view, given as a quoted, qualified name such as {@code "clean"."orders"}. */
    public long count(String qualifiedName) {
        return ((Number) value("SELECT count(*) FROM " + qualifiedName)).longValue();
    }

    /** Names of the tables and views in {@code schema}, sorted. */
    public List<String> tablesIn(String schema) {
        return rows("SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                + schema.replace("'", "''") + "' ORDER BY table_name").stream()
                .map(row -> (String) row.get(0)).toList();
    }

    /** Runs one statement; the database's error is thrown as is. */
    public void execute(String sql) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** A new plain JDBC connection to this test's database; the caller closes it. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(config.url());
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
