package dev.dag.internal.store.meta;

import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The step of the upgrade to format 4 that moves the rows of {@code tasks} (a row per cache entry) and
 * {@code stage_commits} (a row per commit) into {@code versions} (a record per stage version): a stage's published
 * entries become its published version, carrying its last commit; each version a run left staged becomes a staged
 * record; every earlier commit a superseded record. Runs inside the upgrade's transaction, after the times were
 * moved to UTC.
 */
final class VersionRecordsUpgrade {
    private final MetadataSql sql;

    VersionRecordsUpgrade(MetadataSql sql) {
        this.sql = sql;
    }

    private record Commit(String stage, String runId, LocalDateTime at) {
    }

    private record Entry(String stage, String state, String runId, String json) {
    }

    /** Moves the rows, in the upgrade's transaction on {@code connection}. */
    void moveEntriesAndCommits(Connection connection) throws SQLException {
        Map<String, Commit> lastCommits = new LinkedHashMap<>();
        List<Commit> earlierCommits = new ArrayList<>();
        for (Commit commit : Queries.list(connection, sql.selectFormat3Commits(), rows -> new Commit(
                rows.getString(1), rows.getString(2), rows.getObject(3, LocalDateTime.class)))) {
            Commit before = lastCommits.put(commit.stage(), commit);
            if (before != null) {
                earlierCommits.add(before);
            }
        }
        Map<List<String>, List<String>> versions = new LinkedHashMap<>();
        for (Entry entry : Queries.list(connection, sql.selectFormat3Entries(), rows -> new Entry(rows.getString(1),
                rows.getString(2), rows.getString(3), VersionRecord.entryJson(rows.getString(4), rows.getInt(5), rows.getString(6),
                rows.getString(7), rows.getString(8))))) {
            // a published version: one per stage, whichever run wrote each entry; a staged one: one per run
            String owner = "published".equals(entry.state()) ? null : entry.runId();
            versions.computeIfAbsent(Arrays.asList(entry.stage(), entry.state(), owner),
                    key -> new ArrayList<>()).add(entry.json());
            if (owner == null && !lastCommits.containsKey(entry.stage())) {
                lastCommits.put(entry.stage(), new Commit(entry.stage(), entry.runId(), null));
            }
        }
        try (PreparedStatement insert = connection.prepareStatement(sql.insertVersion())) {
            for (Commit commit : earlierCommits) {
                add(insert, commit.stage(), commit.runId(), "superseded", commit.at(), null);
            }
            for (Map.Entry<List<String>, List<String>> version : versions.entrySet()) {
                String stage = version.getKey().get(0);
                String entries = "[" + String.join(",", version.getValue()) + "]";
                if ("published".equals(version.getKey().get(1))) {
                    Commit last = lastCommits.remove(stage);
                    add(insert, stage, last.runId(), "published", last.at(), entries);
                } else {
                    add(insert, stage, version.getKey().get(2), "staged", null, entries);
                }
            }
            for (Commit commit : lastCommits.values()) {
                if (commit.at() != null) {
                    add(insert, commit.stage(), commit.runId(), "superseded", commit.at(), null);
                }
            }
            insert.executeBatch();
        }
    }

    private static void add(PreparedStatement insert, String stage, String runId, String state, LocalDateTime at,
                            String entries) throws SQLException {
        insert.setString(1, stage);
        insert.setString(2, runId);
        insert.setString(3, state);
        insert.setString(4, at == null ? null : MetadataValues.timeText(at.toInstant(ZoneOffset.UTC)));
        insert.setString(5, entries);
        insert.addBatch();
    }
}
