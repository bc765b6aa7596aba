package dev.dag.internal.store.meta;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements that turn a store of this format into one as an earlier dag left it, rows kept: format 5 (task
 * outcomes in their own table), format 4 (no indexes), format 3 (a row per cache entry in {@code tasks}, a row per commit in {@code stage_commits}, reports in
 * {@code run_reports}), format 2 (the same shape) or format 1 (no {@code retired_while}, no table of reports).
 * {@code meta} is the quoted metadata schema.
 */
public final class OldFormats {
    private OldFormats() {
    }

    /**
     * Format 5: the task outcomes in the table {@code task_runs}, not in the runs' records, and {@code run_summary}
     * reading that table.
     */
    private static List<String> taskRunsAsTable(String meta) {
        return List.of("DROP VIEW " + meta + ".run_summary",
                "CREATE TABLE " + meta + ".old_task_runs AS SELECT run_id, stage, task, outcome, reason, millis, "
                        + "row_count, finished_at FROM " + meta + ".task_runs",
                "DROP VIEW " + meta + ".task_runs",
                "ALTER TABLE " + meta + ".old_task_runs RENAME TO task_runs",
                "ALTER TABLE " + meta + ".runs DROP COLUMN tasks",
                "CREATE VIEW " + meta + ".run_summary AS SELECT r.run_id, r.flow, r.started_at, r.finished_at, "
                        + "r.status, count(CASE WHEN t.outcome = 'RAN' THEN 1 END) AS ran, "
                        + "count(CASE WHEN t.outcome = 'CACHE_VALID' THEN 1 END) AS cache_valid, "
                        + "count(CASE WHEN t.outcome = 'FAILED' THEN 1 END) AS failed, "
                        + "count(CASE WHEN t.outcome NOT IN ('RAN', 'CACHE_VALID', 'FAILED') THEN 1 END) AS other "
                        + "FROM " + meta + ".runs r LEFT JOIN " + meta + ".task_runs t ON t.run_id = r.run_id "
                        + "GROUP BY r.run_id, r.flow, r.started_at, r.finished_at, r.status");
    }

    public static List<String> downgrade(String meta, int version) {
        List<String> statements = new ArrayList<>(taskRunsAsTable(meta));
        if (version == 5) {
            statements.add("UPDATE " + meta + ".format SET version = 5");
            return statements;
        }
        for (String index : List.of("objects_by_stage", "live_versions_by_stage", "runs_by_id")) {
            statements.add("DROP INDEX IF EXISTS " + meta + "." + index);
        }
        if (version == 4) {
            statements.add("UPDATE " + meta + ".format SET version = 4");
            return statements;
        }
        statements.addAll(List.of(
                "CREATE TABLE " + meta + ".tasks AS SELECT stage, task, ordinal, task_key, run_id, state, parts, "
                        + "outputs FROM " + meta + ".cache_entries",
                "CREATE TABLE " + meta + ".old_commits AS SELECT * FROM " + meta + ".stage_commits",
                "CREATE TABLE " + meta + ".run_reports AS SELECT run_id, report FROM " + meta
                        + ".runs WHERE report IS NOT NULL"));
        for (String view : List.of("cache_entries", "stage_objects", "stage_commits", "run_summary")) {
            statements.add("DROP VIEW " + meta + "." + view);
        }
        statements.addAll(List.of("DROP TABLE " + meta + ".versions",
                "ALTER TABLE " + meta + ".old_commits RENAME TO stage_commits",
                "ALTER TABLE " + meta + ".runs DROP COLUMN report"));
        if (version == 1) {
            statements.add("ALTER TABLE " + meta + ".objects DROP COLUMN retired_while");
            statements.add("DROP TABLE " + meta + ".run_reports");
        }
        statements.add("UPDATE " + meta + ".format SET version = " + version);
        return statements;
    }
}
