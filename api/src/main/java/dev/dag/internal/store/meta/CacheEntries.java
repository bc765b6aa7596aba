package dev.dag.internal.store.meta;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The cache entries of each stage version: the key of each task call, the key's parts (to explain a rerun) and
 * its outputs. Published ones are the cache; those of a version written but not published wait for a later run
 * to take them over.
 */
public final class CacheEntries {
    private final MetadataSql sql;

    CacheEntries(MetadataSql sql) {
        this.sql = sql;
    }

    /** A cache entry of a version that run {@code runId} wrote but could not publish. */
    public record StagedEntry(String runId, CacheEntry entry) {
    }

    /** A stage's cache entries: its published version's, and those of versions written but not published. */
    public record StageEntries(List<CacheEntry> published, List<StagedEntry> staged) {
    }

    /** The cache entries of the stage's published version. */
    public List<CacheEntry> published(Connection connection, String stage) throws SQLException {
        List<CacheEntry> entries = new ArrayList<>();
        read(connection, sql.selectPublishedTasks(), stage, (entry, runId, published) -> entries.add(entry));
        return entries;
    }

    /** Every cache entry of the stage, with one query. */
    public StageEntries of(Connection connection, String stage) throws SQLException {
        StageEntries entries = new StageEntries(new ArrayList<>(), new ArrayList<>());
        read(connection, sql.selectTasks(), stage, (entry, runId, published) -> {
            if (published) {
                entries.published().add(entry);
            } else {
                entries.staged().add(new StagedEntry(runId, entry));
            }
        });
        return entries;
    }

    private interface EntryRow {
        void add(CacheEntry entry, String runId, boolean published);
    }

    /** Reads entries with {@code select}: columns task, ordinal, key, parts, outputs, and optionally run and state. */
    private void read(Connection connection, String select, String stage, EntryRow row) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(select)) {
            statement.setString(1, stage);
            try (ResultSet rows = statement.executeQuery()) {
                boolean withState = rows.getMetaData().getColumnCount() > 5;
                while (rows.next()) {
                    row.add(new CacheEntry(rows.getString(1), rows.getInt(2),
                            TaskKey.fromParts(rows.getString(3), rows.getString(1), stage, rows.getString(4)),
                            CacheEntry.outputsFromJson(rows.getString(5))), withState ? rows.getString(6) : null,
                            !withState || "published".equals(rows.getString(7)));
                }
            }
        }
    }

    /**
     * Keeps what a run wrote for a stage whose publish failed, for a later run to take over: its cache entries, as
     * unpublished ones (its tables are registered with their rows already).
     */
    public void setAside(Connection connection, String stage, String runId, List<CacheEntry> entries)
            throws SQLException {
        insert(connection, sql.insertStagedTasks(), stage, runId, entries);
    }

    /** Forgets the unpublished cache entries of {@code runIds} in a stage. */
    public void forgetStaged(Connection connection, String stage, Collection<String> runIds) throws SQLException {
        for (String runId : runIds) {
            Queries.update(connection, sql.deleteStagedTasks(), stage, runId);
        }
    }

    /** Within a publish: replaces the published entries {@code written} and {@code removed} by {@code written}. */
    void replacePublished(Connection connection, String stage, String runId, List<CacheEntry> written,
                          List<CacheEntry> removed) throws SQLException {
        List<CacheEntry> replaced = new ArrayList<>(written);
        replaced.addAll(removed);
        if (!replaced.isEmpty()) {
            Queries.update(connection, sql.deletePublishedTasks(), stage, MetadataValues.varchars(connection,
                    replaced, entry -> MetadataSql.taskSlot(entry.task(), entry.ordinal())));
        }
        insert(connection, sql.insertTasks(), stage, runId, written);
    }

    private static void insert(Connection connection, String insert, String stage, String runId,
                               List<CacheEntry> entries) throws SQLException {
        if (entries.isEmpty()) {
            return;
        }
        Queries.update(connection, insert, stage,
                MetadataValues.varchars(connection, entries, CacheEntry::task),
                MetadataValues.integers(connection, entries, CacheEntry::ordinal),
                MetadataValues.varchars(connection, entries, entry -> entry.key().key()),
                runId,
                MetadataValues.varchars(connection, entries, entry -> entry.key().partsJson()),
                MetadataValues.varchars(connection, entries, CacheEntry::outputsJson));
    }
}
