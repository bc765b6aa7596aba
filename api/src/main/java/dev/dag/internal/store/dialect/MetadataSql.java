package dev.dag.internal.store.dialect;

import java.time.LocalDateTime;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Statements of dag's metadata tables (format 4).
 * <ul>
 * <li>{@code objects}: every table and blob a run writes; {@code state} moves from {@code staged}
 * (written, invisible) to {@code published} (in the stage's current version) to {@code retired}
 * (replaced, to be dropped once no run that was live when it was replaced is live any more: such a run may
 * still read it; {@code retired_while} lists them). A cache-valid object stays {@code published} across
 * versions.</li>
 * <li>{@code versions}: one record per stage version and per commit of a stage. {@code state} is
 * {@code published} for the stage's current version, whose {@code entries} (a JSON array) hold the cache entry of
 * each task call: its key, the key's parts (to explain a rerun) and its outputs; {@code superseded} for a version
 * a later one replaced and {@code unchanged} for a commit that found the stage as it was (both keep no entries,
 * only the commit); {@code staged} for a version written but not published, waiting for a later run to take its
 * entries over. A publish writes one record, whatever the number of tasks.</li>
 * <li>{@code runs}: each run, its end, what it did to each task and why ({@code tasks}, a JSON array written with
 * the run's end: one row per run, whatever the number of tasks) and its report (its graph, reasons, tables and
 * SQL) as JSON.</li>
 * </ul>
 * Views over them ({@link #createViews()}) are for people reading the metadata with SQL (docs/storage.md); dag
 * itself reads the tables.
 */
public final class MetadataSql {
    /**
     * Bump when the metadata tables change shape or meaning; a store with another version is upgraded when it is
     * older (see {@link #upgrade}), refused when it is newer. Format 2 added {@code objects.retired_while}; format 3
     * stores times at UTC instead of the writing JVM's zone; format 4 keeps a stage version's cache entries and
     * commit in one record ({@code versions}, replacing {@code tasks} and {@code stage_commits}) and a run's report
     * in its record ({@code runs.report}, replacing {@code run_reports}); format 5 adds indexes for a run's lookups
     * where the database keeps them ({@link #createTables()}); format 6 keeps a run's task outcomes in its record
     * ({@code runs.tasks}, replacing the table {@code task_runs}, now a view).
     */
    public static final int FORMAT_VERSION = 6;
    /** The format that keeps a run's task outcomes in its record (see {@link #FORMAT_VERSION}). */
    public static final int RUN_RECORDS_FORMAT = 6;
    /** The format that keeps a stage version in one record (see {@link #FORMAT_VERSION}). */
    public static final int VERSION_RECORDS_FORMAT = 4;
    /** The format whose times {@link #upgrade} moves to UTC: those before it. */
    private static final int UTC_FORMAT_VERSION = 3;
    /** The oldest format that {@link #upgrade} brings to this one. */
    public static final int OLDEST_UPGRADABLE_VERSION = 1;
    /** Every column holding a time in a store of a format before 3: table, column. */
    private static final List<List<String>> TIME_COLUMNS = List.of(List.of("runs", "started_at"),
            List.of("runs", "finished_at"), List.of("task_runs", "finished_at"),
            List.of("stage_commits", "committed_at"));
    private final Dialect dialect;
    private final String schema;

    MetadataSql(Dialect dialect, String schema) {
        this.dialect = dialect;
        this.schema = schema;
    }

    private String table(String name) {
        return dialect.qualified(schema, name);
    }

    /**
     * DDL creating the metadata schema and tables if missing (in a store of an older format, only the tables it
     * lacks: {@link #upgrade} changes the others), and where indexes speed up lookups, those of a run's: a stage's
     * objects, a stage's published and staged versions (a few rows among its history), a run by its id.
     */
    public List<String> createTables() {
        List<String> ddl = new ArrayList<>(tables());
        if (dialect.capabilities().indexedLookups()) {
            ddl.add("CREATE INDEX IF NOT EXISTS objects_by_stage ON " + table("objects") + " (stage)");
            ddl.add("CREATE INDEX IF NOT EXISTS live_versions_by_stage ON " + table("versions") + " (stage) "
                    + "WHERE state IN ('published', 'staged')");
            ddl.add("CREATE INDEX IF NOT EXISTS runs_by_id ON " + table("runs") + " (run_id)");
        }
        return ddl;
    }

    private List<String> tables() {
        return List.of(
                dialect.createSchema(schema),
                "CREATE TABLE IF NOT EXISTS " + table("format") + " (version INTEGER NOT NULL)",
                "CREATE TABLE IF NOT EXISTS " + table("objects") + " (physical_name VARCHAR(200) NOT NULL, "
                        + "stage VARCHAR(200) NOT NULL, name VARCHAR(200) NOT NULL, kind VARCHAR(10) NOT NULL, "
                        + "task VARCHAR(200), run_id VARCHAR(40) NOT NULL, state VARCHAR(10) NOT NULL, "
                        + "row_count BIGINT, cache_key VARCHAR(64) NOT NULL, query TEXT, "
                        + "blob_type VARCHAR(400), blob_json TEXT, retired_while TEXT)",
                "CREATE TABLE IF NOT EXISTS " + table("versions") + " (stage VARCHAR(200) NOT NULL, "
                        + "run_id VARCHAR(40) NOT NULL, state VARCHAR(10) NOT NULL, committed_at TIMESTAMP, "
                        + "entries TEXT)",
                "CREATE TABLE IF NOT EXISTS " + table("runs") + " (run_id VARCHAR(40) NOT NULL, "
                        + "flow VARCHAR(200) NOT NULL, started_at TIMESTAMP NOT NULL, finished_at TIMESTAMP, "
                        + "status VARCHAR(20) NOT NULL, report TEXT, tasks TEXT)");
    }

    /**
     * The views for reading the metadata with SQL (docs/storage.md, "Reading dag_meta"), created or replaced with
     * each new or upgraded store:
     * <ul>
     * <li>{@code cache_entries}: one row per cache entry of a stage's published version ({@code state}
     * {@code published}) or of a version written but not published ({@code staged}): stage, task, ordinal,
     * task_key, run_id, state, parts and outputs (JSON);</li>
     * <li>{@code stage_objects}: the tables and blobs of each stage, with the view name a table is read by and the
     * run that wrote it;</li>
     * <li>{@code stage_commits}: every commit of every stage: stage, run_id, committed_at;</li>
     * <li>{@code task_runs}: what each run did to each task and why: run_id, stage, task, outcome, reason, millis,
     * row_count, finished_at (the run's end; a task outcome moved from an earlier format keeps its own), read from
     * the runs' {@code tasks};</li>
     * <li>{@code run_summary}: each run with its flow, times, status and how many of its tasks ran, were
     * cache-valid, failed or were skipped.</li>
     * </ul>
     */
    public List<String> createViews() {
        String entry = "e.value";
        return List.of(
                "CREATE OR REPLACE VIEW " + table("cache_entries") + " AS SELECT v.stage, "
                        + entry + " ->> 'task' AS task, CAST(" + entry + " ->> 'ordinal' AS INTEGER) AS ordinal, "
                        + entry + " ->> 'key' AS task_key, v.run_id, v.state, " + entry + " ->> 'parts' AS parts, "
                        + entry + " ->> 'outputs' AS outputs FROM " + table("versions") + " v, "
                        + dialect.jsonArrayElements("v.entries") + " AS e WHERE v.entries IS NOT NULL",
                "CREATE OR REPLACE VIEW " + table("stage_objects") + " AS SELECT stage, name, kind, state, "
                        + "physical_name, row_count, task, run_id, cache_key FROM " + table("objects"),
                "CREATE OR REPLACE VIEW " + table("stage_commits") + " AS SELECT stage, run_id, committed_at FROM "
                        + table("versions") + " WHERE committed_at IS NOT NULL",
                "CREATE OR REPLACE VIEW " + table("task_runs") + " AS SELECT r.run_id, "
                        + "t.value ->> 'stage' AS stage, t.value ->> 'task' AS task, "
                        + "t.value ->> 'outcome' AS outcome, t.value ->> 'reason' AS reason, "
                        + "CAST(t.value ->> 'millis' AS BIGINT) AS millis, "
                        + "CAST(t.value ->> 'row_count' AS BIGINT) AS row_count, "
                        + "COALESCE(CAST(t.value ->> 'finished_at' AS TIMESTAMP), r.finished_at) AS finished_at FROM "
                        + table("runs")
                        + " r, " + dialect.jsonArrayElements("r.tasks") + " AS t WHERE r.tasks IS NOT NULL",
                "CREATE OR REPLACE VIEW " + table("run_summary") + " AS SELECT r.run_id, r.flow, r.started_at, "
                        + "r.finished_at, r.status, "
                        + "count(CASE WHEN t.outcome = 'RAN' THEN 1 END) AS ran, "
                        + "count(CASE WHEN t.outcome = 'CACHE_VALID' THEN 1 END) AS cache_valid, "
                        + "count(CASE WHEN t.outcome = 'FAILED' THEN 1 END) AS failed, "
                        + "count(CASE WHEN t.outcome NOT IN ('RAN', 'CACHE_VALID', 'FAILED') THEN 1 END) AS other "
                        + "FROM " + table("runs") + " r LEFT JOIN " + table("task_runs") + " t ON t.run_id = r.run_id "
                        + "GROUP BY r.run_id, r.flow, r.started_at, r.finished_at, r.status");
    }

    /** Every commit of every stage, newest first: columns (stage, run_id, committed_at). */
    public String selectStageCommits() {
        return "SELECT stage, run_id, committed_at FROM " + table("versions")
                + " WHERE committed_at IS NOT NULL ORDER BY committed_at DESC";
    }

    /** Per stage, the published tables and their rows: columns (stage, tables, rows). */
    public String selectPublishedTableCounts() {
        return "SELECT stage, count(*), sum(row_count) FROM " + table("objects")
                + " WHERE state = 'published' AND kind = 'table' GROUP BY stage";
    }

    /** Every stage the metadata names, in objects or versions: one column (stage). */
    public String selectKnownStages() {
        return "SELECT stage FROM " + table("objects") + " UNION SELECT stage FROM " + table("versions");
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

    /**
     * Deletes what the metadata keeps of a run; parameter: run_id. A stage version it published or left staged
     * stays: only its commits of versions replaced since go.
     */
    public List<String> deleteRun() {
        return List.of("DELETE FROM " + table("versions") + " WHERE run_id = ? AND state IN ('superseded', 'unchanged')",
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
                + " AND r.run_id NOT IN (SELECT c.run_id FROM " + table("versions") + " c WHERE c.committed_at"
                + " = (SELECT max(l.committed_at) FROM " + table("versions") + " l WHERE l.stage = c.stage))";
        return List.of("DELETE FROM " + table("versions") + " WHERE state IN ('superseded', 'unchanged') AND run_id IN ("
                        + old + ")",
                "DELETE FROM " + table("runs") + " WHERE run_id IN (" + old + ")");
    }

    /** Deletes the versions and commits of a stage (its objects are forgotten one by one); parameter: stage. */
    public List<String> deleteStage() {
        return List.of("DELETE FROM " + table("versions") + " WHERE stage = ?");
    }

    /** The report of a run; parameter: run_id. */
    public String selectRunReport() {
        return "SELECT report FROM " + table("runs") + " WHERE run_id = ?";
    }

    /** Whether {@link #upgrade} brings a store of format {@code version} to this one. */
    public static boolean upgradable(int version) {
        return version >= OLDEST_UPGRADABLE_VERSION && version < FORMAT_VERSION;
    }

    /**
     * The earliest and the latest time stored in a store of a format before 3: one row, two columns (null when no
     * time is stored).
     */
    public String selectTimeRange() {
        return "SELECT min(t), max(t) FROM (" + TIME_COLUMNS.stream()
                .map(column -> "SELECT " + column.get(1) + " AS t FROM " + table(column.get(0)))
                .collect(Collectors.joining(" UNION ALL ")) + ") AS times";
    }

    /** Whether the store of format {@code version} holds times in the writing JVM's zone (moved by the upgrade). */
    public static boolean storesLocalTimes(int version) {
        return version < UTC_FORMAT_VERSION;
    }

    /**
     * Sets the format to this one if it still is {@code from}; updates one row for the run that upgrades, none for
     * a run that finds the upgrade done by another meanwhile (PostgreSQL makes it wait for that one's commit, DuckDB
     * fails it with a conflict), so that nothing is upgraded twice.
     */
    public String claimUpgrade(int from) {
        return "UPDATE " + table("format") + " SET version = " + FORMAT_VERSION + " WHERE version = " + from;
    }

    /**
     * Statements bringing the tables of a store of format 1 or 2 to format 3 (after {@link #createTables()},
     * {@link #claimUpgrade} and {@link #addReportColumn()}).
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

    /**
     * Statements of an upgrade from a format before 6 (after the others): each run's task outcomes move from the
     * table {@code task_runs} into its record, and the table makes way for the view of that name (the view
     * {@code run_summary}, which reads it, goes first: {@link #createViews()} makes both anew).
     */
    public List<String> moveTaskRuns() {
        String tasks = dialect.jsonArrayOfObjects(List.of("stage", "task", "outcome", "reason", "millis",
                "row_count", "finished_at"), List.of("t.stage", "t.task", "t.outcome", "t.reason", "t.millis",
                "t.row_count", "CAST(t.finished_at AS VARCHAR)"));
        return List.of("DROP VIEW IF EXISTS " + table("run_summary"),
                "ALTER TABLE " + table("runs") + " ADD COLUMN IF NOT EXISTS tasks TEXT",
                "UPDATE " + table("runs") + " SET tasks = (SELECT " + tasks + " FROM " + table("task_runs")
                        + " t WHERE t.run_id = " + table("runs") + ".run_id)",
                "DROP TABLE " + table("task_runs"));
    }

    /**
     * The first statements of an upgrade from a format before 4, before any row changes: a column for each run's
     * report, and the table of reports format 1 did not have.
     */
    public List<String> addReportColumn() {
        return List.of("CREATE TABLE IF NOT EXISTS " + table("run_reports")
                        + " (run_id VARCHAR(40) NOT NULL, report TEXT NOT NULL)",
                "ALTER TABLE " + table("runs") + " ADD COLUMN IF NOT EXISTS report TEXT");
    }

    /** Statements of an upgrade from a format before 4: each run's report moves into its record. */
    public List<String> moveReports() {
        return List.of("UPDATE " + table("runs") + " SET report = (SELECT max(p.report) FROM " + table("run_reports")
                        + " p WHERE p.run_id = " + table("runs") + ".run_id)",
                "DROP TABLE " + table("run_reports"));
    }

    /**
     * The cache entries of a store of format 3, for the upgrade: columns (stage, state, run_id, task, ordinal,
     * task_key, parts, outputs), ordered by stage, state, run.
     */
    public String selectFormat3Entries() {
        return "SELECT stage, state, run_id, task, ordinal, task_key, parts, outputs FROM " + table("tasks")
                + " ORDER BY stage, state, run_id, task, ordinal";
    }

    /** The commits of a store of format 3, for the upgrade: columns (stage, run_id, committed_at), oldest first. */
    public String selectFormat3Commits() {
        return "SELECT stage, run_id, committed_at FROM " + table("stage_commits") + " ORDER BY committed_at";
    }

    /** What the upgrade from format 3 drops once their rows moved into {@code versions}. */
    public List<String> dropFormat3Tables() {
        return List.of("DROP TABLE " + table("tasks"), "DROP TABLE " + table("stage_commits"));
    }

    /**
     * Inserts one version record (for the upgrade); parameters: stage, run_id, state, committed_at (text at UTC, or
     * null), entries (JSON, or null).
     */
    public String insertVersion() {
        return "INSERT INTO " + table("versions") + " (stage, run_id, state, committed_at, entries) VALUES (?, ?, ?, "
                + TIMESTAMP + ", ?)";
    }

    /**
     * Opening a run, in one query: the format version (a row whose second column is null), then the physical name
     * of every object the metadata knows, in any state (rows whose first column is null).
     */
    public String selectFormatAndPhysicalNames() {
        return "SELECT version, NULL FROM " + table("format") + " UNION ALL SELECT NULL, physical_name FROM "
                + table("objects");
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

    /** The flow of a run: column (flow); parameter: run_id. */
    public String selectFlowOfRun() {
        return "SELECT flow FROM " + table("runs") + " WHERE run_id = ?";
    }

    /** When a run started; parameter: run_id. */
    public String selectRunStart() {
        return "SELECT started_at FROM " + table("runs") + " WHERE run_id = ?";
    }

    /**
     * Publishes a stage version's objects and retires those it replaces, in one statement: the objects run
     * {@code run_id} staged in the stage and, with {@code takesOver}, those named in an array (objects of dead runs'
     * unpublished versions the new one takes over) become {@code published}; with {@code retires}, the published
     * ones named in an array become {@code retired}, noting the runs live now. Parameters: the live runs (text, or
     * null), stage, run_id, then the array of each list it has. A list that is empty leaves its condition out, which
     * spares DuckDB an array parameter in the usual publish (the replaced tables dropped with it, none taken over).
     */
    public String publishObjects(boolean takesOver, boolean retires) {
        return "UPDATE " + table("objects") + " SET state = CASE WHEN state = 'published' THEN 'retired' "
                + "ELSE 'published' END, retired_while = CASE WHEN state = 'published' THEN " + VARCHAR + " END "
                + "WHERE stage = ? AND (run_id = ? AND state = 'staged'"
                + (takesOver ? " OR " + dialect.memberOf("physical_name", VARCHAR_ARRAY) : "")
                + (retires ? " OR state = 'published' AND " + dialect.memberOf("physical_name", VARCHAR_ARRAY) : "")
                + ")";
    }

    /** Forgets objects; parameter: their physical names (an array). */
    public String deleteObjects() {
        return "DELETE FROM " + table("objects") + " WHERE " + dialect.memberOf("physical_name", VARCHAR_ARRAY);
    }

    /** Forgets one object; parameter: physical_name. */
    public String deleteObject() {
        return "DELETE FROM " + table("objects") + " WHERE physical_name = ?";
    }

    /**
     * What a run needs of each of several stages, in one query: every object, whatever its state (columns from the
     * third: physical_name, name, kind, row_count, cache_key, query, blob_type, blob_json, run_id, state,
     * retired_while), and the versions that hold cache entries, its published one and those written but not
     * published (entries in blob_json's column, then run_id, state); the first two columns are the stage and
     * 'object' or 'version'. Parameters: the stages (an array), twice. (The flow of the run that published a version is
     * read apart, only when a task reruns: as a join here it made this query, run for every stage of every run,
     * three times as slow on DuckDB.)
     */
    public String selectStageRecords() {
        return "SELECT stage, 'object', physical_name, name, kind, row_count, cache_key, query, blob_type, blob_json, "
                + "run_id, state, retired_while FROM " + table("objects") + " WHERE " + dialect.memberOf("stage", VARCHAR_ARRAY)
                + " UNION ALL SELECT stage, 'version', NULL, NULL, NULL, NULL, NULL, NULL, NULL, entries, run_id, state, "
                + "NULL FROM " + table("versions") + " WHERE " + dialect.memberOf("stage", VARCHAR_ARRAY)
                + " AND state IN ('published', 'staged')";
    }

    /**
     * Where rows have versions: {@link #selectStageRecords()} followed by one row per stage (stage, 'digest',
     * the digest of its records as {@link #selectStageDigest()} computes it, then nulls), in one query: one snapshot.
     * Parameters: the stages (an array), three times.
     */
    public Optional<String> selectStageRecordsAndDigests() {
        return stageDigest("s.stage").map(digest -> selectStageRecords() + " UNION ALL SELECT s.stage, 'digest', "
                + digest + ", " + String.join(", ", Collections.nCopies(10, "NULL")) + " FROM unnest("
                + VARCHAR_ARRAY + ") AS s(stage)");
    }

    /**
     * Where rows have versions: the digest of a stage's records, the rows {@link #selectStageRecords()} reads of it
     * (every object, the published and staged versions), which changes with any committed write of them: one row,
     * one column. Parameters: the stage, twice.
     */
    public Optional<String> selectStageDigest() {
        return stageDigest(VARCHAR).map(digest -> "SELECT " + digest);
    }

    // the versions of the rows, sorted, joined with '|' (a character no row version holds): the same text exactly
    // when the same stored rows are read, whatever their size
    private Optional<String> stageDigest(String stage) {
        return dialect.rowVersion("o").flatMap(object -> dialect.rowVersion("v").map(version -> "md5(coalesce((SELECT "
                + "string_agg(" + object + ", '|' ORDER BY " + object + ") FROM " + table("objects") + " o WHERE "
                + "o.stage = " + stage + "), '') || '#' || coalesce((SELECT string_agg(" + version + ", '|' ORDER BY "
                + version + ") FROM " + table("versions") + " v WHERE v.stage = " + stage + " AND v.state IN "
                + "('published', 'staged')), ''))"));
    }

    /** The entries of a stage's published version: column (entries); parameter: stage. */
    public String selectPublishedVersion() {
        return "SELECT entries FROM " + table("versions") + " WHERE stage = ? AND state = 'published'";
    }

    /**
     * Within a publish, first: the stage's published version becomes a superseded one, keeping only its commit;
     * parameter: stage.
     */
    public String supersedePublished() {
        return "UPDATE " + table("versions") + " SET state = 'superseded', entries = NULL "
                + "WHERE stage = ? AND state = 'published'";
    }

    /**
     * A stage version with all its cache entries; parameters: stage, run_id, committed_at (text at UTC, null for a
     * staged one), entries (JSON).
     */
    public String insertPublishedVersion() {
        return insertVersion("published");
    }

    /** A stage version written but not published (its publish failed); parameters as for a published one. */
    public String insertStagedVersion() {
        return insertVersion("staged");
    }

    private String insertVersion(String state) {
        return "INSERT INTO " + table("versions") + " (stage, run_id, state, committed_at, entries) VALUES ("
                + VARCHAR + ", " + VARCHAR + ", '" + state + "', " + TIMESTAMP + ", " + VARCHAR + ")";
    }

    /** Forgets the versions runs wrote but did not publish in a stage; parameters: stage, the run ids (an array). */
    public String deleteStagedVersions() {
        return "DELETE FROM " + table("versions") + " WHERE stage = ? AND state = 'staged' AND "
                + dialect.memberOf("run_id", VARCHAR_ARRAY);
    }

    /** Commits of stages a run found unchanged; parameters: an array of stages, run_id, an array of committed_at. */
    public String insertUnchangedCommits() {
        return "INSERT INTO " + table("versions") + " (stage, run_id, state, committed_at) SELECT "
                + String.join(", ", each(VARCHAR_ARRAY), VARCHAR, "'unchanged'", each(TIMESTAMP_ARRAY));
    }

    /** Parameters: run_id, flow, started_at, status. */
    public String insertRun() {
        return "INSERT INTO " + table("runs") + " (run_id, flow, started_at, status) VALUES (?, ?, " + TIMESTAMP
                + ", ?)";
    }

    /**
     * A run recorded at its end only; parameters: run_id, flow, started_at, finished_at, status, report, tasks
     * (JSON).
     */
    public String insertEndedRun() {
        return "INSERT INTO " + table("runs") + " (run_id, flow, started_at, finished_at, status, report, tasks) "
                + "VALUES (?, ?, " + TIMESTAMP + ", " + TIMESTAMP + ", ?, ?, ?)";
    }

    /**
     * Parameters: finished_at, status, report (JSON, or null), tasks (a JSON array of objects with the columns of
     * the view {@code task_runs}: stage, task, outcome, reason, millis, row_count), run_id.
     */
    public String finishRun() {
        return "UPDATE " + table("runs") + " SET finished_at = " + TIMESTAMP + ", status = ?, report = ?, tasks = ? "
                + "WHERE run_id = ?";
    }

    // Rows are written and matched from array parameters, one array per column, so that a statement's text and
    // the database's work to prepare it do not grow with the rows (with a parameter per value, preparing costs an
    // embedded database milliseconds per hundred rows). PostgreSQL and DuckDB read the same text: CAST to an array
    // type, unnest() in the select list, several of them in step. Times are given as the text of their time at UTC
    // (MetadataValues), never as java.sql.Timestamp, which the drivers convert in the JVM's zone.
    private static final String VARCHAR = "CAST(? AS VARCHAR)";
    private static final String TIMESTAMP = "CAST(? AS TIMESTAMP)";
    private static final String VARCHAR_ARRAY = "CAST(? AS VARCHAR[])";
    private static final String TIMESTAMP_ARRAY = "CAST(CAST(? AS VARCHAR[]) AS TIMESTAMP[])";

    /** One row per element of the array parameter. */
    private static String each(String array) {
        return "unnest(" + array + ")";
    }
}
