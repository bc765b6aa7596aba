package dev.dag.internal.engine.stage;

import dev.dag.MaterializationException;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.meta.Metadata;

/**
 * The stage versions of one run: what they share, and the two ways the run starts one. {@link #begin} starts a
 * version the run writes; {@link #read} only reads the committed version, for a plan.
 *
 * @param runId   the id of the run
 * @param catalog the data schema's tables and the stages' views as this run listed them
 * @param records the run's reads of its stages' metadata records
 */
public record StageRuns(Database database, Metadata metadata, String runId, RunCatalog catalog,
                        CommittedRecords records) {

    /**
     * Takes the lock of {@code stage}, creates its schemas, drops what crashed or failed runs left behind and reads
     * its committed version (objects and cache entries); the version's writer writes.
     *
     * @throws MaterializationException if the lock or the database refuses
     */
    public StageRun begin(String stage) {
        return StageRun.begin(this, stage);
    }

    /**
     * For a plan: reads the committed version of {@code stage} as {@link #begin} does, without the lock, without
     * cleaning up and without creating anything; the version's writer only keys.
     *
     * @throws MaterializationException if the database refuses a read
     */
    public StageRun read(String stage) {
        return StageRun.read(this, stage);
    }
}
