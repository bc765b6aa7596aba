package dev.dag.it.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds the PostgreSQL server the tests run against, in this order: the JDBC URL in
 * {@code DAG_TEST_POSTGRES_URL} (user and password in {@code DAG_TEST_POSTGRES_USER} /
 * {@code DAG_TEST_POSTGRES_PASSWORD}); the local server at 127.0.0.1:5432 (database {@code test}, user
 * {@code postgres}). Without one, PostgreSQL tests are skipped with a loud message, except under
 * {@code CI=true}, where a missing server fails the build. (No Docker engine runs on this project's
 * machines, so Testcontainers is not used.)
 */
final class PostgresLocator {
    private static final String LOCAL_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    private static volatile Server found;
    private static volatile String missing;

    private PostgresLocator() {
    }

    record Server(String url, String user, String password) {
    }

    /** The server; aborts (skips) the test, or fails it under CI, when none answers. */
    static synchronized Server server() {
        if (found == null && missing == null) {
            locate();
        }
        if (found != null) {
            return found;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true and no PostgreSQL: " + missing);
        }
        Assumptions.abort("PostgreSQL tests SKIPPED: " + missing);
        return null;
    }

    private static void locate() {
        String url = System.getenv("DAG_TEST_POSTGRES_URL");
        Server candidate = url != null && !url.isBlank()
                ? new Server(url, System.getenv().getOrDefault("DAG_TEST_POSTGRES_USER", "postgres"),
                System.getenv().getOrDefault("DAG_TEST_POSTGRES_PASSWORD", ""))
                : new Server(LOCAL_URL, "postgres", "");
        try (Connection connection = DriverManager.getConnection(candidate.url(), candidate.user(), candidate.password())) {
            found = candidate;
        } catch (SQLException e) {
            missing = "no server answers at " + candidate.url() + " (" + e.getMessage() + "). Start it (see .ci/run) "
                    + "or set DAG_TEST_POSTGRES_URL.";
            System.err.println("\n*** " + "PostgreSQL tests SKIPPED: " + missing + " ***\n");
        }
    }
}
