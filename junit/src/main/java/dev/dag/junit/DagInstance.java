package dev.dag.junit;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.StoredOutputs;
import dev.dag.internal.rows.ValueRefusal;
import dev.dag.internal.rows.read.RowReader;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Databases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/** The instance a {@link DagTest} class runs against, with helpers to run flows and read tables. */
public final class DagInstance implements AutoCloseable {
    private final ConfigContext config;
    private final Path folder;
    private final boolean dropSchemas;

    private DagInstance(ConfigContext config, Path folder, boolean dropSchemas) {
        this.config = config;
        this.folder = folder;
        this.dropSchemas = dropSchemas;
    }

    static DagInstance temporaryDuckDb() {
        try {
            Path folder = Files.createTempDirectory("dag-test-");
            return new DagInstance(ConfigContext.duckdb(folder.resolve("dag.duckdb")), folder, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The configured instance under a schema prefix of its own, so that test classes never share tables. */
    static DagInstance isolated(ConfigContext configured) {
        String prefix = configured.schemaPrefix() + "t" + UUID.randomUUID().toString().substring(0, 8) + "_";
        ConfigContext config = ConfigContext.builder().instance(configured.instance()).url(configured.url())
                .user(configured.user()).password(configured.password()).schemaPrefix(prefix)
                .metadataSchema(configured.metadataSchema()).poolSize(configured.poolSize()).build();
        return new DagInstance(config, null, true);
    }

    /** The instance's configuration. */
    public ConfigContext config() {
        return config;
    }

    /** Runs {@code flow} on this instance. */
    public Result run(Flow flow) {
        return flow.run(RunOptions.of(config));
    }

    /** Runs {@code flow} with options; their instance is replaced by this one. */
    public Result run(Flow flow, RunOptions options) {
        return flow.run(options.withConfig(config));
    }

    /**
     * The committed outputs of {@code flow}'s tasks on this instance, read without running anything (see
     * {@link Flow#outputsFromStore(RunOptions)}): {@code dag.outputsFromStore(flow).rows(flow.task("clean"),
     * Order.class)}.
     */
    public StoredOutputs outputsFromStore(Flow flow) {
        return flow.outputsFromStore(RunOptions.of(config));
    }

    /** The quoted, qualified name of table {@code table} of stage {@code stage}. */
    public String table(String stage, String table) {
        return "\"" + config.schemaPrefix() + stage + "\".\"" + table + "\"";
    }

    /**
     * Every row of {@code sql} as maps (column labels in lower case), each value as {@code result.rows} gives it
     * (docs/types.md "Reading"): {@code java.time} values exactly, never a driver's {@code java.sql.Timestamp}
     * shifted in the JVM's zone.
     *
     * @throws IllegalStateException if the query fails, or holds a value no Java type holds (an infinite date)
     */
    public List<Map<String, Object>> query(String sql) {
        Database database = Databases.of(config);
        try (Connection connection = database.connection()) {
            List<Map<String, Object>> out = new ArrayList<>();
            for (Map<?, ?> read : RowReader.read(connection, database.dialect(), sql, Map.class)) {
                Map<String, Object> row = new LinkedHashMap<>();
                read.forEach((label, value) -> row.put(((String) label).toLowerCase(Locale.ROOT), value));
                out.add(row);
            }
            return out;
        } catch (SQLException | ValueRefusal e) {
            throw new IllegalStateException("query failed: " + sql + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            if (dropSchemas) {
                for (Map<String, Object> schema : query("SELECT schema_name FROM information_schema.schemata "
                        + "WHERE schema_name LIKE '" + config.schemaPrefix().replace("_", "\\_") + "%'")) {
                    execute("DROP SCHEMA \"" + schema.get("schema_name") + "\" CASCADE");
                }
            }
        } finally {
            config.close();
            deleteFolder();
        }
    }

    private void execute(String sql) {
        try (Connection connection = Databases.of(config).connection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("statement failed: " + sql + ": " + e.getMessage(), e);
        }
    }

    private void deleteFolder() {
        if (folder == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: the OS cleans it eventually
        }
    }
}
