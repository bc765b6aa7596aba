package dev.dag.internal.engine;

import dev.dag.ConfigContext;
import dev.dag.RunContext;
import dev.dag.internal.cache.MetadataStore;
import dev.dag.internal.store.Database;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** One run of a flow: its id, instance, database and metadata store. */
final class RunState implements RunContext {
    private final String runId;
    private final String flowName;
    private final ConfigContext config;
    private final Database database;
    private final MetadataStore metadata;

    /**
     * A new run of {@code flowName} on {@code config}: opens the instance's pool and metadata store.
     *
     * @throws MaterializationException if the metadata store cannot be opened
     */
    static RunState open(String flowName, ConfigContext config) {
        Database database = Databases.of(config);
        try {
            return new RunState(flowName, config, database, MetadataStore.open(database));
        } catch (java.sql.SQLException e) {
            throw new dev.dag.MaterializationException("Cannot open dag's metadata schema '" + database.metadataSchema()
                    + "' in " + config + ": " + e.getMessage(), null, null, null, null, e);
        }
    }

    private RunState(String flowName, ConfigContext config, Database database, MetadataStore metadata) {
        this.runId = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        this.flowName = flowName;
        this.config = config;
        this.database = database;
        this.metadata = metadata;
    }

    @Override
    public String runId() {
        return runId;
    }

    /** A short tag of the run for physical table names. */
    String tag() {
        return runId.substring(0, 10);
    }

    @Override
    public String flowName() {
        return flowName;
    }

    @Override
    public ConfigContext config() {
        return config;
    }

    /** A flow run ends by itself when {@code Flow.run()} returns; closing it does nothing. */
    @Override
    public void close() {
    }

    /** Results are returned by {@code Flow.run()}. */
    @Override
    public dev.dag.Result result() {
        throw new IllegalStateException("the result of a flow run is what Flow.run() returns");
    }

    Database database() {
        return database;
    }

    MetadataStore metadata() {
        return metadata;
    }
}
