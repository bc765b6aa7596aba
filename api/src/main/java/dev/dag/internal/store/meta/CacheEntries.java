package dev.dag.internal.store.meta;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cache entries of each stage version, kept in the version's one record: the key of each task call, the key's
 * parts (to explain a rerun) and its outputs. Published ones are the cache; those of a version written but not
 * published wait for a later run to take them over.
 */
public final class CacheEntries {
    private final MetadataSql sql;

    CacheEntries(MetadataSql sql) {
        this.sql = sql;
    }

    /** A cache entry of a version that run {@code runId} wrote but could not publish. */
    public record StagedEntry(String runId, CacheEntry entry) {
    }

    /**
     * A stage's cache entries: its published version's, and those of versions written but not published;
     * {@code publishedBy}: the run that published the version (null when none is).
     */
    public record StageEntries(List<CacheEntry> published, List<StagedEntry> staged, String publishedBy) {
    }

    /** The cache entries of the stage's published version. */
    public List<CacheEntry> published(Connection connection, String stage) throws SQLException {
        String json = Queries.first(connection, sql.selectPublishedVersion(), rows -> rows.getString(1), stage)
                .orElse(null);
        return VersionRecord.entries(json, stage);
    }

    /**
     * Adds the entries of one version record ({@code json}) in {@code state}, written by {@code runId}; returns
     * whether the version is the published one.
     */
    static boolean add(StageEntries entries, String stage, String state, String runId, String json)
            throws SQLException {
        List<CacheEntry> versionEntries = VersionRecord.entries(json, stage);
        if ("published".equals(state)) {
            entries.published().addAll(versionEntries);
            return true;
        }
        versionEntries.forEach(entry -> entries.staged().add(new StagedEntry(runId, entry)));
        return false;
    }

    /**
     * A new entry (not read from a record) as a read of the version record written with it returns it, with its
     * text: what {@link RememberedRecords} keeps of a version this run published.
     */
    public static CacheEntry readBack(CacheEntry entry, String stage) throws SQLException {
        return VersionRecord.entries(VersionRecord.entriesJson(List.of(entry)), stage).get(0);
    }

    /**
     * Keeps what a run wrote for a stage whose publish failed, for a later run to take over: its cache entries, as
     * an unpublished version (its tables are registered with their rows already).
     */
    public void setAside(Connection connection, String stage, String runId, List<CacheEntry> entries)
            throws SQLException {
        if (!entries.isEmpty()) {
            Queries.update(connection, sql.insertStagedVersion(), stage, runId, null,
                    VersionRecord.entriesJson(entries));
        }
    }

    /** Forgets the unpublished versions of {@code runIds} in a stage, with one statement. */
    public void forgetStaged(Connection connection, String stage, Collection<String> runIds) throws SQLException {
        if (!runIds.isEmpty()) {
            Queries.update(connection, sql.deleteStagedVersions(), stage,
                    MetadataValues.varchars(connection, runIds, runId -> runId));
        }
    }

    /**
     * Within a publish: the stage's published version becomes a superseded one and the new one, with every entry
     * of the stage ({@code entries}), is published, committed by {@code runId} at {@code at}.
     */
    void publish(Connection connection, String stage, String runId, List<CacheEntry> entries, Instant at)
            throws SQLException {
        Queries.update(connection, sql.supersedePublished(), stage);
        Queries.update(connection, sql.insertPublishedVersion(), stage, runId, MetadataValues.timeText(at),
                VersionRecord.entriesJson(entries));
    }
}
