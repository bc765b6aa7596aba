package dev.dag.internal.store.meta;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.dialect.lock.LockProbe;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * dag's own records of an instance ({@code dag_meta}), the one door the engine, the command line and dag-junit
 * use: the objects (tables, blobs) of each stage version and their state ({@link #objects()}), the cache entries of
 * tasks ({@link #entries()}), the runs and what they did ({@link #runs()}, read from outside a run through
 * {@link #history()}). Only what a committed stage published counts as cache: a failed or killed run leaves
 * {@code staged} rows that the next run drops.
 *
 * <p>The methods that take a {@link Connection} take one of the metadata's database and join the transaction on
 * it: a table and the record of it commit together when the tables live in that database too (DuckDB,
 * PostgreSQL). A store whose tables live elsewhere hands the metadata its own connections; the commit point of a
 * stage version is then the metadata's transaction alone.
 */
public interface Metadata {

    /**
     * Opens the metadata of a run, creating or upgrading its tables on first use; checks the data schema as the
     * run's {@code catalog} lists it.
     *
     * @throws dev.dag.ConfigException if the store was written by an incompatible version of dag
     */
    static Metadata open(Database database, RunCatalog catalog) throws SQLException {
        JdbcMetadata metadata = new JdbcMetadata(database, true);
        ForeignTables foreign = new ForeignTables(database, metadata.sql());
        boolean checking = foreign.due();
        Optional<Set<String>> known = new MetadataFormat(database, metadata.sql()).createOrUpgrade(checking);
        if (checking || foreign.due()) { // due again where the tables were just created anew
            foreign.refuse(catalog, known);
        }
        return metadata;
    }

    /**
     * Opens the metadata for reading only, creating nothing: a store that does not exist yet (or an instance
     * without a database) reads as empty ({@link #isPresent()} false).
     *
     * @throws dev.dag.ConfigException if the store was written by an incompatible version of dag
     */
    static Metadata openForReading(Database database) {
        boolean present = new MetadataFormat(database, database.dialect().metadata(database.metadataSchema()))
                .checkReadable();
        return new JdbcMetadata(database, present);
    }

    /** Whether the metadata tables exist (false only for a store opened for reading that found none). */
    boolean isPresent();

    /** The objects of each stage version: registered as staged when written, published, retired, forgotten. */
    ObjectRegistry objects();

    /** The cache entries of each stage version. */
    CacheEntries entries();

    /** What a run reads of each of {@code stages} before it writes them, with one query. */
    Map<String, StageRecords> stageRecords(Connection connection, Collection<String> stages) throws SQLException;

    /**
     * As {@link #stageRecords}, each stage's with its digest, where the database computes one: a run that reads its
     * stages ahead checks each under the stage's lock with {@link #stageDigestProbe}. Empty elsewhere.
     */
    Optional<Map<String, StageRecords>> stageRecordsWithDigests(Connection connection, Collection<String> stages)
            throws SQLException;

    /** The probe that reads the digest of {@code stage}'s records under its lock, where the database computes one. */
    Optional<LockProbe> stageDigestProbe(String stage);

    /** The runs: their start, their end and what they did, which runs are live. */
    RunLog runs();

    /** What the metadata remembers of past runs and stage versions, for reading from outside a run. */
    RunHistory history();

    /**
     * What a publish changes in a stage's metadata besides the objects the run staged: committed objects that leave
     * the published version and stay until no run may read them ({@code retired}) or whose tables the publishing
     * transaction drops ({@code dropped}), objects of dead runs' unpublished versions that join it
     * ({@code takenOver}), and every cache entry of the new version ({@code entries}: the version's one record).
     */
    record VersionChange(Collection<String> retired, Collection<String> dropped, Collection<String> takenOver,
                         List<CacheEntry> entries) {
    }

    /**
     * Within the publishing transaction: the run's staged objects and the change's taken-over ones are published,
     * its retired ones retired, noting the other runs live now ({@code liveRuns}, which may still read them), its
     * dropped ones forgotten, and the new version's record, with its cache entries and commit, written in place of
     * the published one.
     */
    void publish(Connection connection, String stage, String runId, VersionChange change, Set<String> liveRuns)
            throws SQLException;

    /** Forgets a stage's versions and commits (its objects are forgotten one by one, as they are dropped). */
    void forgetStage(Connection connection, String stage) throws SQLException;
}
