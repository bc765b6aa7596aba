package dev.dag.internal.store.dialect;

import java.time.LocalDateTime;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Statements of dag's metadata tables.
 * <ul>
 * <li>{@code objects}: every table and blob a run writes; {@code state} moves from {@code staged}
 * (written, invisible) to {@code published} (in the stage's current version) to {@code retired}
 * (replaced, to be dropped once no run that was live when it was replaced is live any more: such a run may
 * still read it; {@code retired_while} lists them). A cache-valid object stays {@code published} across
 * versions.</li>
 * <li>{@code tasks}: the cache entry of each task of each stage version: its key, the key's parts
 * (to explain a rerun) and its outputs.</li>
 * <li>{@code task_runs}: what each run did to each task and why, kept for later reading.</li>
 * <li>{@code run_reports}: each run's report (its graph, reasons, tables and SQL) as JSON, to render it later.</li>
 * </ul>
 */
public final class MetadataSql {
    /**
     * Bump when the metadata tables change shape or meaning; a store with another version is upgraded when it is
     * older (see {@link #upgrade}), refused when it is newer. Format 2 added {@code objects.retired_while}; format 3
     * stores times at UTC instead of the writing JVM's zone.
     */
    public static final int FORMAT_VERSION = 3;
    /** The oldest format that {@link #upgrade} brings to this one. */
    public static final int OLDEST_UPGRADABLE_VERSION = 1;
    /** Every column holding a time: table, column. */
    private static final List<List<String>> TIME_COLUMNS = List.of(List.of("runs", "started_at"),
            List.of("runs", "finished_at"), List.of("task_runs", "finished_at"),
            List.of("stage_commits", "committed_at"));
    /**
     * The most rows (or values of an {@code IN} list) one statement of this class takes: many rows are written with
     * one statement, not a batch, whose every row is an execution of its own on an embedded database (and an
     * execution costs more than its row); PostgreSQL takes at most 32,767 parameters per statement.
     */

    private final Dialect dialect;
    private final String schema;

    MetadataSql(Dialect dialect, String schema) {
        this.dialect = dialect;
        this.schema = schema;
    }

    private String table(String name) {
        return dialect.qualified(schema, name);
    }

    /** DDL creating the metadata schema and tables if missing. */
    public List<String> createTables() {
        return List.of(
                dialect.createSchema(schema),
                "CREATE TABLE IF NOT EXISTS " + table("format") + " (version INTEGER NOT NULL)",
                "CREATE TABLE IF NOT EXISTS " + table("objects") + " (physical_name VARCHAR(200) NOT NULL, "
                        + "stage VARCHAR(200) NOT NULL, name VARCHAR(200) NOT NULL, kind VARCHAR(10) NOT NULL, "
                        + "task VARCHAR(200), run_id VARCHAR(40) NOT NULL, state VARCHAR(10) NOT NULL, "
                        + "row_count BIGINT, cache_key VARCHAR(64) NOT NULL, query TEXT, "
                        + "blob_type VARCHAR(400), blob_json TEXT, retired_while TEXT)",
                "CREATE TABLE IF NOT EXISTS " + table("tasks") + " (stage VARCHAR(200) NOT NULL, "
                        + "task VARCHAR(200) NOT NULL, ordinal INTEGER NOT NULL, task_key VARCHAR(64) NOT NULL, "
                        + "run_id VARCHAR(40) NOT NULL, state VARCHAR(10) NOT NULL, parts TEXT NOT NULL, "
                        + "outputs TEXT NOT NULL)",
                "CREATE TABLE IF NOT EXISTS " + table("task_runs") + " (run_id VARCHAR(40) NOT NULL, "
                        + "stage VARCHAR(200) NOT NULL, task VARCHAR(200) NOT NULL, outcome VARCHAR(20) NOT NULL, "
                        + "reason TEXT, millis BIGINT, row_count BIGINT, finished_at TIMESTAMP NOT NULL)",
                "CREATE TABLE IF NOT EXISTS " + table("runs") + " (run_id VARCHAR(40) NOT NULL, "
                        + "flow VARCHAR(200) NOT NULL, started_at TIMESTAMP NOT NULL, finished_at TIMESTAMP, "
                        + "status VARCHAR(20) NOT NULL)",
                "CREATE TABLE IF NOT EXISTS " + table("stage_commits") + " (stage VARCHAR(200) NOT NULL, "
                        + "run_id VARCHAR(40) NOT NULL, committed_at TIMESTAMP NOT NULL)",
                // added after format 1 without changing it (a dag that does not know it ignores it): the upgrade
                // from format 1 creates it
                "CREATE TABLE IF NOT EXISTS " + table("run_reports")
                        + " (run_id VARCHAR(40) NOT NULL, report TEXT NOT NULL)");
    }

    /** Every commit of every stage, newest first: columns (stage, run_id, committed_at). */
    public String selectStageCommits() {
        return "SELECT stage, run_id, committed_at FROM " + table("stage_commits") + " ORDER BY committed_at DESC";
    }

    /** Per stage, the published tables and their rows: columns (stage, tables, rows). */
    public String selectPublishedTableCounts() {
        return "SELECT stage, count(*), sum(row_count) FROM " + table("objects")
                + " WHERE state = 'published' AND kind = 'table' GROUP BY stage";
    }

    /** Every stage the metadata names, in objects, cache entries or commits: one column (stage). */
    public String selectKnownStages() {
        return "SELECT stage FROM " + table("objects") + " UNION SELECT stage FROM " + table("tasks")
                + " UNION SELECT stage FROM " + table("stage_commits");
    }

    /**
     * Runs whose id starts with a text, newest first: columns (run_id, flow, started_at, finished_at, status);
     * parameter: the text with a trailing %.
     */
    public String selectRuns() {
        return "SELECT run_id, flow, started_at, finished_at, status FROM " + table("runs")
                + " WHERE run_id LIKE ? ORDER BY started_at DESC";
    }

    /** What a run did to its tasks: columns (stage, task, outcome, reason, millis, row_count); parameter: run_id. */
    public String selectTaskRuns() {
        return "SELECT stage, task, outcome, reason, millis, row_count FROM " + table("task_runs") + " WHERE run_id = ?";
    }

    /**
     * The runs of one task, newest first: columns (run_id, outcome, reason, finished_at); parameters: stage, task.
     */
    public String selectRunsOfTask() {
        return "SELECT run_id, outcome, reason, finished_at FROM " + table("task_runs")
                + " WHERE stage = ? AND task = ? ORDER BY finished_at DESC";
    }

    /** Deletes what the metadata keeps of a run; parameter: run_id. */
    public List<String> deleteRun() {
        return List.of("DELETE FROM " + table("task_runs") + " WHERE run_id = ?",
                "DELETE FROM " + table("run_reports") + " WHERE run_id = ?",
                "DELETE FROM " + table("stage_commits") + " WHERE run_id = ?",
                "DELETE FROM " + table("runs") + " WHERE run_id = ?");
    }

    /**
     * Deletes what the metadata keeps of the runs started before a time, except a run whose objects a stage
     * publishes and the run that committed a stage last (the rule of {@code dag gc}); parameter: the time (text at
     * UTC). The record in {@code runs} goes last: the other statements find the runs there.
     */
    public List<String> deleteRunsStartedBefore() {
        String old = "SELECT r.run_id FROM " + table("runs") + " r WHERE r.started_at < " + TIMESTAMP
                + " AND r.run_id NOT IN (SELECT run_id FROM " + table("objects") + " WHERE state = 'published')"
                + " AND r.run_id NOT IN (SELECT c.run_id FROM " + table("stage_commits") + " c WHERE c.committed_at"
                + " = (SELECT max(l.committed_at) FROM " + table("stage_commits") + " l WHERE l.stage = c.stage))";
        return List.of("DELETE FROM " + table("task_runs") + " WHERE run_id IN (" + old + ")",
                "DELETE FROM " + table("run_reports") + " WHERE run_id IN (" + old + ")",
                "DELETE FROM " + table("stage_commits") + " WHERE run_id IN (" + old + ")",
                "DELETE FROM " + table("runs") + " WHERE run_id IN (" + old + ")");
    }

    /** Deletes the cache entries and commits of a stage (its objects are forgotten one by one); parameter: stage. */
    public List<String> deleteStage() {
        return List.of("DELETE FROM " + table("tasks") + " WHERE stage = ?",
                "DELETE FROM " + table("stage_commits") + " WHERE stage = ?");
    }

    /** Parameters: run_id, report (JSON). */
    public String insertRunReport() {
        return "INSERT INTO " + table("run_reports") + " (run_id, report) VALUES (?, ?)";
    }

    /** The report of a run; parameter: run_id. */
    public String selectRunReport() {
        return "SELECT report FROM " + table("run_reports") + " WHERE run_id = ?";
    }

    /** Whether {@link #upgrade} brings a store of format {@code version} to this one. */
    public static boolean upgradable(int version) {
        return version >= OLDEST_UPGRADABLE_VERSION && version < FORMAT_VERSION;
    }

    /** The earliest and the latest time stored: one row, two columns (null when no time is stored). */
    public String selectTimeRange() {
        return "SELECT min(t), max(t) FROM (" + TIME_COLUMNS.stream()
                .map(column -> "SELECT " + column.get(1) + " AS t FROM " + table(column.get(0)))
                .collect(Collectors.joining(" UNION ALL ")) + ") AS times";
    }

    /**
     * Sets the format to this one if it still is {@code from}; updates one row for the run that upgrades, none for
     * a run that finds the upgrade done by another meanwhile (PostgreSQL makes it wait for that one's commit, DuckDB
     * fails it with a conflict), so that no time is moved twice.
     */
    public String claimUpgrade(int from) {
        return "UPDATE " + table("format") + " SET version = " + FORMAT_VERSION + " WHERE version = " + from;
    }

    /**
     * Statements bringing a store of an {@link #upgradable} format to this one (after {@link #createTables()} and
     * {@link #claimUpgrade}).
     * Formats before 3 stored times as the wall-clock time of the writing JVM's zone: they are moved to UTC with
     * the offsets {@code zone} had at each of them, known for the times from {@code earliest} to {@code latest}
     * (null when none is stored). In the hour a zone repeats when it sets its clocks back, a stored time names two
     * instants; it is taken for the first.
     */
    public List<String> upgrade(ZoneRules zone, LocalDateTime earliest, LocalDateTime latest) {
        List<String> statements = new ArrayList<>();
        statements.add("ALTER TABLE " + table("objects") + " ADD COLUMN IF NOT EXISTS retired_while TEXT");
        if (earliest != null) {
            LocalTimesToUtc toUtc = new LocalTimesToUtc(zone, earliest, latest);
            Map<String, List<String>> assignments = new LinkedHashMap<>();
            for (List<String> column : TIME_COLUMNS) {
                String moved = toUtc.expression(column.get(1));
                if (moved != null) {
                    assignments.computeIfAbsent(column.get(0), t -> new ArrayList<>())
                            .add(column.get(1) + " = " + moved);
                }
            }
            assignments.forEach((name, set) -> statements.add("UPDATE " + table(name) + " SET "
                    + String.join(", ", set)));
        }
        return statements;
    }

    /** Reads the format version: one row, one column. */
    public String selectFormat() {
        return "SELECT version FROM " + table("format");
    }

    /** Inserts the format version; parameter: version. */
    public String insertFormat() {
        return "INSERT INTO " + table("format") + " (version) VALUES (?)";
    }

    /**
     * Parameters: physical_name, stage, name, kind, task, run_id, row_count, cache_key, query, blob_type,
     * blob_json.
     */
    public String insertStaged() {
        return "INSERT INTO " + table("objects") + " (physical_name, stage, name, kind, task, run_id, state, "
                + "row_count, cache_key, query, blob_type, blob_json) VALUES (?, ?, ?, ?, ?, ?, 'staged', ?, ?, ?, ?, ?)";
    }

    /** Objects of a stage in every state; parameter: stage. */
    public String selectObjects() {
        return "SELECT physical_name, name, kind, row_count, cache_key, query, blob_type, blob_json, run_id, state, "
                + "retired_while FROM " + table("objects") + " WHERE stage = ?";
    }

    /** The retired objects of every stage: columns (physical_name, stage, kind, retired_while). */
    public String selectRetired() {
        return "SELECT physical_name, stage, kind, retired_while FROM " + table("objects") + " WHERE state = 'retired'";
    }

    /** The runs recorded as running (live, or dead without an end): column (run_id). */
    public String selectRunning() {
        return "SELECT run_id FROM " + table("runs") + " WHERE status = 'running'";
    }

    /** The physical names of every object the metadata knows, in any state. */
    public String selectPhysicalNames() {
        return "SELECT physical_name FROM " + table("objects");
    }

    /** The flow of the run that committed a stage last: column (flow); parameter: stage. */
    public String selectLastCommittingFlow() {
        return "SELECT r.flow FROM " + table("stage_commits") + " c JOIN " + table("runs") + " r ON r.run_id = c.run_id"
                + " WHERE c.stage = ? ORDER BY c.committed_at DESC LIMIT 1";
    }

    /** When a run started; parameter: run_id. */
    public String selectRunStart() {
        return "SELECT started_at FROM " + table("runs") + " WHERE run_id = ?";
    }

    /**
     * Retires published objects, noting the runs live then (comma-separated run ids, or null); parameters:
     * retired_while, the physical names (an array).
     */
    public String retirePublished() {
        return "UPDATE " + table("objects") + " SET state = 'retired', retired_while = ? WHERE state = 'published' "
                + "AND physical_name IN " + elementsOf(VARCHAR_ARRAY);
    }

    /** Publishes objects a run staged and another run takes over; parameter: their physical names (an array). */
    public String publishTakenOver() {
        return "UPDATE " + table("objects") + " SET state = 'published', retired_while = NULL WHERE physical_name IN "
                + elementsOf(VARCHAR_ARRAY);
    }

    /** Publishes what a run staged; parameters: stage, run_id. */
    public String publishStaged() {
        return "UPDATE " + table("objects") + " SET state = 'published' WHERE stage = ? AND run_id = ? "
                + "AND state = 'staged'";
    }

    /** Forgets one object; parameter: physical_name. */
    public String deleteObject() {
        return "DELETE FROM " + table("objects") + " WHERE physical_name = ?";
    }

    /**
     * Published cache entries; parameters: stage, then arrays of task, ordinal and task_key, then run_id, then arrays
     * of parts and outputs.
     */
    public String insertTasks() {
        return insertTasks("published");
    }

    /**
     * Cache entries of a version written but not published (its publish failed), which a later run may take over;
     * parameters as {@link #insertTasks()}.
     */
    public String insertStagedTasks() {
        return insertTasks("staged");
    }

    private String insertTasks(String state) {
        return "INSERT INTO " + table("tasks") + " (stage, task, ordinal, task_key, run_id, state, parts, outputs) "
                + "SELECT " + String.join(", ", VARCHAR, each(VARCHAR_ARRAY), each(INTEGER_ARRAY), each(VARCHAR_ARRAY),
                VARCHAR, "'" + state + "'", each(VARCHAR_ARRAY), each(VARCHAR_ARRAY));
    }

    /** Cache entries of a stage's published version; parameter: stage. */
    public String selectPublishedTasks() {
        return "SELECT task, ordinal, task_key, parts, outputs FROM " + table("tasks")
                + " WHERE stage = ? AND state = 'published'";
    }

    /**
     * Every cache entry of a stage: the published version's and those of versions written but not published;
     * parameter: stage.
     */
    public String selectTasks() {
        return "SELECT task, ordinal, task_key, parts, outputs, run_id, state FROM " + table("tasks")
                + " WHERE stage = ?";
    }

    /** Forgets the unpublished cache entries a run left in a stage; parameters: stage, run_id. */
    public String deleteStagedTasks() {
        return "DELETE FROM " + table("tasks") + " WHERE stage = ? AND state = 'staged' AND run_id = ?";
    }

    /**
     * Drops published cache entries of a stage; parameters: stage, then the entries as an array of
     * {@link #taskSlot task slots}.
     */
    public String deletePublishedTasks() {
        return "DELETE FROM " + table("tasks") + " WHERE stage = ? AND state = 'published' AND task || '#' || "
                + "CAST(ordinal AS VARCHAR) IN " + elementsOf(VARCHAR_ARRAY);
    }

    /** A cache entry's slot as {@link #deletePublishedTasks()} matches it (an ordinal has no '#': one text each). */
    public static String taskSlot(String task, int ordinal) {
        return task + "#" + ordinal;
    }

    /**
     * Task outcomes; parameters: run_id, arrays of stage, task, outcome, reason, millis and row_count, then
     * finished_at.
     */
    public String insertTaskRuns() {
        return "INSERT INTO " + table("task_runs") + " (run_id, stage, task, outcome, reason, millis, row_count, "
                + "finished_at) SELECT " + String.join(", ", VARCHAR, each(VARCHAR_ARRAY), each(VARCHAR_ARRAY),
                each(VARCHAR_ARRAY), each(VARCHAR_ARRAY), each(BIGINT_ARRAY), each(BIGINT_ARRAY), TIMESTAMP);
    }

    /** Stage commits; parameters: an array of stages, run_id, an array of committed_at. */
    public String insertStageCommits() {
        return "INSERT INTO " + table("stage_commits") + " (stage, run_id, committed_at) SELECT "
                + String.join(", ", each(VARCHAR_ARRAY), VARCHAR, each(TIMESTAMP_ARRAY));
    }

    /** Parameters: run_id, flow, started_at, status. */
    public String insertRun() {
        return "INSERT INTO " + table("runs") + " (run_id, flow, started_at, status) VALUES (?, ?, " + TIMESTAMP
                + ", ?)";
    }

    /** Parameters: finished_at, status, run_id. */
    public String finishRun() {
        return "UPDATE " + table("runs") + " SET finished_at = " + TIMESTAMP + ", status = ? WHERE run_id = ?";
    }

    // Rows are written and matched from array parameters, one array per column, so that a statement's text and
    // the database's work to prepare it do not grow with the rows (with a parameter per value, preparing costs an
    // embedded database milliseconds per hundred rows). PostgreSQL and DuckDB read the same text: CAST to an array
    // type, unnest() in the select list, several of them in step. Times are given as the text of their time at UTC
    // (MetadataValues), never as java.sql.Timestamp, which the drivers convert in the JVM's zone.
    private static final String VARCHAR = "CAST(? AS VARCHAR)";
    private static final String TIMESTAMP = "CAST(? AS TIMESTAMP)";
    private static final String VARCHAR_ARRAY = "CAST(? AS VARCHAR[])";
    private static final String INTEGER_ARRAY = "CAST(? AS INTEGER[])";
    private static final String BIGINT_ARRAY = "CAST(? AS BIGINT[])";
    private static final String TIMESTAMP_ARRAY = "CAST(CAST(? AS VARCHAR[]) AS TIMESTAMP[])";

    /** One row per element of the array parameter. */
    private static String each(String array) {
        return "unnest(" + array + ")";
    }

    /** The elements of the array parameter, as a subquery for IN. */
    private static String elementsOf(String array) {
        return "(SELECT unnest(" + array + "))";
    }
}
