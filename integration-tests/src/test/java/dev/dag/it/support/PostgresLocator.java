package dev.dag.it.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds the PostgreSQL server the tests run against, in this order: the JDBC URL in
 * {@code DAG_TEST_POSTGRES_URL} (user and password in {@code DAG_TEST_POSTGRES_USER} /
 * {@code DAG_TEST_POSTGRES_PASSWORD}); the local server at 127.0.0.1:5432 (database {@code test}, user
 * {@code postgres}) if it answers; a Testcontainers PostgreSQL if a Docker engine is available. Without
 * any, PostgreSQL tests are skipped with a loud message, except under {@code CI=true}, where a missing
 * server fails the build.
 */
final class PostgresLocator {
    private static final String LOCAL_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    private static volatile Server found;
    private static volatile String missing;

    private PostgresLocator() {
    }

    record Server(String url, String user, String password) {
    }

    /**
     * Why PostgreSQL tests cannot run, or null when a server answers; also null under {@code CI=true}, where
     * a missing server must fail the tests rather than skip them.
     */
    static synchronized String whyUnavailable() {
        if (found == null && missing == null) {
            locate();
        }
        return found != null || "true".equalsIgnoreCase(System.getenv("CI")) ? null : missing;
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
            return;
        } catch (SQLException e) {
            missing = "no server answers at " + candidate.url() + " (" + e.getMessage() + ")";
        }
        found = container();
        if (found == null) {
            missing += " and no Docker engine for Testcontainers. Start the server (see .ci/run) or set "
                    + "DAG_TEST_POSTGRES_URL.";
            System.err.println("\n*** " + "PostgreSQL tests SKIPPED: " + missing + " ***\n");
        }
    }

    /** A PostgreSQL container for the rest of this JVM, or null without a Docker engine. */
    private static Server container() {
        try {
            if (!org.testcontainers.DockerClientFactory.instance().isDockerAvailable()) {
                return null;
            }
            var postgres = new org.testcontainers.postgresql.PostgreSQLContainer("postgres:15-alpine");
            postgres.start(); // stopped by Testcontainers' reaper when the JVM ends
            return new Server(postgres.getJdbcUrl(), postgres.getUsername(), postgres.getPassword());
        } catch (RuntimeException | LinkageError e) {
            missing += " (Testcontainers: " + e + ")";
            return null;
        }
    }
}
