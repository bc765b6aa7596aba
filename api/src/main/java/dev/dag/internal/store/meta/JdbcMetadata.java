package dev.dag.internal.store.meta;

import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.MetadataSql;
import dev.dag.internal.store.dialect.lock.LockProbe;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The metadata in tables of a schema reached through JDBC ({@link MetadataSql} says which). */
final class JdbcMetadata implements Metadata {
    private final MetadataSql sql;
    private final boolean present;
    private final ObjectRegistry objects;
    private final CacheEntries entries;
    private final RunLog runs;
    private final RunHistory history;

    JdbcMetadata(Database database, boolean present) {
        this.sql = database.dialect().metadata(database.metadataSchema());
        this.present = present;
        this.runs = new RunLog(database, sql, present);
        this.objects = new ObjectRegistry(sql, runs);
        this.entries = new CacheEntries(sql);
        this.history = new RunHistory(database, sql, present);
    }

    MetadataSql sql() {
        return sql;
    }

    @Override
    public boolean isPresent() {
        return present;
    }

    @Override
    public ObjectRegistry objects() {
        return objects;
    }

    @Override
    public CacheEntries entries() {
        return entries;
    }

    @Override
    public Map<String, StageRecords> stageRecords(Connection connection, Collection<String> stages)
            throws SQLException {
        return StageRecords.read(connection, sql, stages);
    }

    @Override
    public Optional<Map<String, StageRecords>> stageRecordsWithDigests(Connection connection,
                                                                       Collection<String> stages) throws SQLException {
        return StageRecords.readWithDigests(connection, sql, stages);
    }

    @Override
    public Optional<LockProbe> stageDigestProbe(String stage) {
        return sql.selectStageDigest().map(query -> new LockProbe(query, List.of(stage, stage)));
    }

    @Override
    public RunLog runs() {
        return runs;
    }

    @Override
    public RunHistory history() {
        return history;
    }

    @Override
    public void publish(Connection connection, String stage, String runId, VersionChange change,
                        Set<String> liveRuns) throws SQLException {
        runs.recordStartWith(connection, runId);
        objects.publish(connection, stage, runId, change.retired(), change.dropped(), change.takenOver(), liveRuns);
        entries.publish(connection, stage, runId, change.entries(), Instant.now());
    }

    @Override
    public void forgetStage(Connection connection, String stage) throws SQLException {
        for (String delete : sql.deleteStage()) {
            Queries.update(connection, delete, stage);
        }
    }
}
