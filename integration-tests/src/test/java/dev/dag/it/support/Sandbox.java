package dev.dag.it.support;

import dev.dag.ConfigContext;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Where one test's dag instance lives and how it is removed afterwards; one implementation per database,
 * so that {@link TestDatabase} never asks which database it is on.
 */
interface Sandbox extends AutoCloseable {
    /** The instance to run flows against. */
    ConfigContext config();

    /** Whether nothing of the instance exists in the database yet (no flow has touched it). */
    boolean untouched();

    /** Removes everything the test created, then closes the instance's pool. */
    @Override
    void close();

    /**
     * {@code builder} with the parallelism of the suite's runs: the system property {@code dag.it.parallelism}
     * (an execution of the cache tests sets it, so that they also run with several tasks at once), else 1, so
     * that the other tests see one task at a time on every database.
     */
    static ConfigContext.Builder withSuiteParallelism(ConfigContext.Builder builder) {
        return builder.parallelism(TestDatabase.suiteParallelism());
    }

    /** A new plain JDBC connection to the database of {@code config}, outside dag's pool; the caller closes it. */
    static Connection connect(ConfigContext config) throws SQLException {
        return DriverManager.getConnection(config.url(), config.user(), config.password());
    }
}
