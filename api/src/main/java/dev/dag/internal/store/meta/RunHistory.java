package dev.dag.internal.store.meta;

import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
    public record Run(String runId, String flow, Instant startedAt, Instant finishedAt, String status) {
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

    /**
     * The runs whose id starts with {@code prefix} ("" for all; hexadecimal digits only, as run ids are), newest first,
     * at most {@code limit}.
     */
    public List<Run> runs(String prefix, int limit) throws SQLException {
        List<Run> runs = new ArrayList<>();
        if (!present) {
            return runs;
        }
        try (Connection connection = database.connection();
             PreparedStatement select = connection.prepareStatement(sql.selectRuns())) {
            select.setMaxRows(limit); // a hint only: DuckDB's driver returns every row
            select.setString(1, prefix + "%"); // run ids are hexadecimal: the caller checked the prefix is
            try (ResultSet rows = select.executeQuery()) {
                while (runs.size() < limit && rows.next()) {
                    runs.add(new Run(rows.getString(1), rows.getString(2), MetadataValues.readTime(rows, 3),
                            MetadataValues.readTime(rows, 4), rows.getString(5)));
                }
            }
        }
        return runs;
    }

    /** Every commit of every stage, newest first. */
    public List<Commit> commits() throws SQLException {
        List<Commit> commits = new ArrayList<>();
        if (!present) {
            return commits;
        }
        try (Connection connection = database.connection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql.selectStageCommits())) {
            while (rows.next()) {
                commits.add(new Commit(rows.getString(1), rows.getString(2), MetadataValues.readTime(rows, 3)));
            }
        }
        return commits;
    }

    /** Per stage (sorted by name), its published tables and their rows. */
    public Map<String, TableCount> publishedTables() throws SQLException {
        Map<String, TableCount> counts = new LinkedHashMap<>();
        if (!present) {
            return counts;
        }
        try (Connection connection = database.connection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql.selectPublishedTableCounts())) {
            while (rows.next()) {
                counts.put(rows.getString(1), new TableCount(rows.getLong(2), rows.getLong(3)));
            }
        }
        return counts;
    }

    /** Every stage the metadata names, sorted. */
    public Set<String> stages() throws SQLException {
        Set<String> stages = new TreeSet<>();
        if (!present) {
            return stages;
        }
        try (Connection connection = database.connection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql.selectKnownStages())) {
            while (rows.next()) {
                stages.add(rows.getString(1));
            }
        }
        return stages;
    }

    /** What run {@code runId} did to its tasks (in the order stored; a run's report keeps the run's order). */
    public List<MetadataStore.TaskRun> taskRuns(String runId) throws SQLException {
        List<MetadataStore.TaskRun> runs = new ArrayList<>();
        if (!present) {
            return runs;
        }
        try (Connection connection = database.connection();
             PreparedStatement select = connection.prepareStatement(sql.selectTaskRuns())) {
            select.setString(1, runId);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    runs.add(new MetadataStore.TaskRun(rows.getString(1), rows.getString(2), rows.getString(3),
                            rows.getString(4), rows.getLong(5), rows.getLong(6)));
                }
            }
        }
        return runs;
    }

    /** The runs of task {@code task} in {@code stage}, newest first, at most {@code limit}. */
    public List<TaskRunOf> runsOf(String stage, String task, int limit) throws SQLException {
        List<TaskRunOf> runs = new ArrayList<>();
        if (!present) {
            return runs;
        }
        try (Connection connection = database.connection();
             PreparedStatement select = connection.prepareStatement(sql.selectRunsOfTask())) {
            select.setMaxRows(limit);
            select.setString(1, stage);
            select.setString(2, task);
            try (ResultSet rows = select.executeQuery()) {
                while (runs.size() < limit && rows.next()) {
                    runs.add(new TaskRunOf(rows.getString(1), rows.getString(2), rows.getString(3),
                            MetadataValues.readTime(rows, 4)));
                }
            }
        }
        return runs;
    }

    /** Forgets runs: their task history, report, commits and record, in one transaction. */
    public void forget(List<String> runIds) throws SQLException {
        if (!present || runIds.isEmpty()) {
            return;
        }
        try (Connection connection = database.connection()) {
            connection.setAutoCommit(false);
            try {
                for (String delete : sql.deleteRun()) {
                    try (PreparedStatement statement = connection.prepareStatement(delete)) {
                        for (String runId : runIds) {
                            statement.setString(1, runId);
                            statement.addBatch();
                        }
                        statement.executeBatch();
                    }
                }
                connection.commit();
            } catch (SQLException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        }
    }
}
