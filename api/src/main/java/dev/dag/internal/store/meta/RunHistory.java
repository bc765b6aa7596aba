package dev.dag.internal.store.meta;

import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the metadata remembers of past runs and stage versions, for looking at an instance from outside a run (the
 * command line): runs, what they did to each task, commits of each stage; and forgetting old runs. A store that
 * does not exist yet reads as empty.
 */
public final class RunHistory {
    private final Database database;
    private final MetadataSql sql;
    private final boolean present;

    RunHistory(Database database, MetadataSql sql, boolean present) {
        this.database = database;
        this.sql = sql;
        this.present = present;
    }

    /** A run as the metadata keeps it; {@code finishedAt} is null while it runs (or after it was killed). */
    public record PastRun(String runId, String flow, Instant startedAt, Instant finishedAt, String status) {
    }

    /** A commit of a stage by a run. */
    public record Commit(String stage, String runId, Instant committedAt) {
    }

    /** The published tables of a stage and their rows. */
    public record TableCount(long tables, long rows) {
    }

    /** A run of one task: which run, its outcome and reason. */
    public record TaskRunOf(String runId, String outcome, String reason, Instant finishedAt) {
    }

    /** Reads the metadata on a connection of its own; nothing when the store does not exist. */
    private interface Read<T> {
        T from(Connection connection) throws SQLException;
    }

    private <T> T read(Read<T> read, T whenAbsent) throws SQLException {
        if (!present) {
            return whenAbsent;
        }
        try (Connection connection = database.connection()) {
            return read.from(connection);
        }
    }

    /**
     * The runs whose id starts with {@code prefix} ("" for all; hexadecimal digits only, as run ids are), newest first,
     * at most {@code limit}.
     */
    public List<PastRun> runs(String prefix, int limit) throws SQLException {
        // run ids are hexadecimal: the caller checked the prefix is, so it holds no LIKE wildcard
        return read(connection -> Queries.list(connection, sql.selectRuns(), limit, rows -> new PastRun(
                rows.getString(1), rows.getString(2), MetadataValues.readTime(rows, 3),
                MetadataValues.readTime(rows, 4), rows.getString(5)), prefix + "%"), new ArrayList<>());
    }

    /** Every commit of every stage, newest first. */
    public List<Commit> commits() throws SQLException {
        return read(connection -> Queries.list(connection, sql.selectStageCommits(), rows -> new Commit(
                rows.getString(1), rows.getString(2), MetadataValues.readTime(rows, 3))), new ArrayList<>());
    }

    /** Per stage (sorted by name), its published tables and their rows. */
    public Map<String, TableCount> publishedTables() throws SQLException {
        Map<String, TableCount> counts = new LinkedHashMap<>();
        read(connection -> Queries.list(connection, sql.selectPublishedTableCounts(),
                rows -> counts.put(rows.getString(1), new TableCount(rows.getLong(2), rows.getLong(3)))), null);
        return counts;
    }

    /** Every stage the metadata names, sorted. */
    public Set<String> stages() throws SQLException {
        return new TreeSet<>(read(connection -> Queries.list(connection, sql.selectKnownStages(),
                rows -> rows.getString(1)), List.of()));
    }

    /** What run {@code runId} did to its tasks (in the order stored; a run's report keeps the run's order). */
    public List<RunLog.TaskRun> taskRuns(String runId) throws SQLException {
        return read(connection -> Queries.list(connection, sql.selectTaskRuns(), rows -> new RunLog.TaskRun(
                rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4), rows.getLong(5),
                rows.getLong(6)), runId), new ArrayList<>());
    }

    /** The runs of task {@code task} in {@code stage}, newest first, at most {@code limit}. */
    public List<TaskRunOf> runsOf(String stage, String task, int limit) throws SQLException {
        return read(connection -> Queries.list(connection, sql.selectRunsOfTask(), limit, rows -> new TaskRunOf(
                rows.getString(1), rows.getString(2), rows.getString(3), MetadataValues.readTime(rows, 4)),
                stage, task), new ArrayList<>());
    }

    /** Forgets runs: their task history, report, commits and record, in one transaction. */
    public void forget(List<String> runIds) throws SQLException {
        if (!present || runIds.isEmpty()) {
            return;
        }
        try (Connection connection = database.connection()) {
            Transactions.commit(connection, forgetting -> {
                for (String delete : sql.deleteRun()) {
                    try (PreparedStatement statement = forgetting.prepareStatement(delete)) {
                        for (String runId : runIds) {
                            statement.setString(1, runId);
                            statement.addBatch();
                        }
                        statement.executeBatch();
                    }
                }
            });
        }
    }
}
