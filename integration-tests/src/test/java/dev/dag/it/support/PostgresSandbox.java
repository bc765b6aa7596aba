package dev.dag.it.support;

import dev.dag.ConfigContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A unique schema prefix on the PostgreSQL test server (see {@link PostgresLocator}): tests running in
 * parallel, also from other builds, never see each other's schemas. Its schemas are dropped afterwards.
 */
final class PostgresSandbox implements Sandbox {
    private final ConfigContext config;

    private PostgresSandbox(ConfigContext config) {
        this.config = config;
    }

    /** A sandbox with a fresh prefix; skips the test (fails it under CI) when no server answers. */
    static PostgresSandbox create(String label) {
        PostgresLocator.Server server = PostgresLocator.server();
        String prefix = "t" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL) + "_";
        return new PostgresSandbox(Sandbox.withSuiteParallelism(ConfigContext.builder().instance("it-" + label)
                .url(server.url()).user(server.user()).password(server.password()).schemaPrefix(prefix)).build());
    }

    @Override
    public ConfigContext config() {
        return config;
    }

    @Override
    public boolean untouched() {
        return schemas().isEmpty();
    }

    @Override
    public void close() {
        config.close(); // first: an idle pooled session could still hold a lock the drops wait for
        try (Connection connection = Sandbox.connect(config); Statement statement = connection.createStatement()) {
            for (String schema : schemas()) {
                statement.execute("DROP SCHEMA \"" + schema.replace("\"", "\"\"") + "\" CASCADE");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not drop the schemas of prefix " + config.schemaPrefix(), e);
        }
    }

    private List<String> schemas() {
        try (Connection connection = Sandbox.connect(config);
             PreparedStatement statement = connection.prepareStatement(
                     "SELECT schema_name FROM information_schema.schemata WHERE starts_with(schema_name, ?)")) {
            statement.setString(1, config.schemaPrefix());
            List<String> schemas = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    schemas.add(rows.getString(1));
                }
            }
            return schemas;
        } catch (SQLException e) {
            throw new IllegalStateException("could not list the schemas of prefix " + config.schemaPrefix(), e);
        }
    }
}
