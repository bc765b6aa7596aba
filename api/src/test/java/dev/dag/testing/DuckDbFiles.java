package dev.dag.testing;

import dev.dag.ConfigContext;
import dev.dag.internal.store.Database;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Real DuckDB database files in a test's temporary folder: the database is the thing under test, never a mock. */
public final class DuckDbFiles {
    private static final String FILE = "test.duckdb";

    private DuckDbFiles() {
    }

    /** A plain JDBC connection to the test database in {@code dir} (created when missing). */
    public static Connection connect(Path dir) throws SQLException {
        return DriverManager.getConnection("jdbc:duckdb:" + dir.resolve(FILE).toAbsolutePath());
    }

    /** dag's pooled {@link Database} on the test database in {@code dir}; close it before reopening the file. */
    public static Database open(Path dir) {
        return Database.open(ConfigContext.duckdb(dir.resolve(FILE)));
    }

    /** Runs each statement in order. */
    public static void execute(Connection connection, String... statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** Every row of {@code query}, each as a list of column values. */
    public static List<List<Object>> rows(Connection connection, String query) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(query)) {
            int columns = rows.getMetaData().getColumnCount();
            while (rows.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(rows.getObject(i));
                }
                out.add(row);
            }
        }
        return out;
    }
}
