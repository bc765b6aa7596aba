package dev.dag.internal.store.dialect;

import java.util.List;

/**
 * Statements of dag's metadata tables. Every object a run writes (tables and blobs) has one row in
 * {@code objects}, whose {@code state} moves from {@code staged} (written, not visible) to
 * {@code published} (in the stage's current version) to {@code retired} (replaced, to be dropped).
 */
public final class MetadataSql {
    /** Bump when the metadata tables change shape; a store with another version is refused. */
    public static final int FORMAT_VERSION = 1;

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
                        + "row_count BIGINT, blob_type VARCHAR(400), blob_json TEXT)",
                "CREATE TABLE IF NOT EXISTS " + table("runs") + " (run_id VARCHAR(40) NOT NULL, "
                        + "flow VARCHAR(200) NOT NULL, started_at TIMESTAMP NOT NULL, finished_at TIMESTAMP, "
                        + "status VARCHAR(20) NOT NULL)",
                "CREATE TABLE IF NOT EXISTS " + table("stage_commits") + " (stage VARCHAR(200) NOT NULL, "
                        + "run_id VARCHAR(40) NOT NULL, committed_at TIMESTAMP NOT NULL)");
    }

    /** Reads the format version: one row, one column. */
    public String selectFormat() {
        return "SELECT version FROM " + table("format");
    }

    /** Inserts the format version; parameter: version. */
    public String insertFormat() {
        return "INSERT INTO " + table("format") + " (version) VALUES (?)";
    }

    /** Parameters: physical_name, stage, name, kind, task, run_id, row_count, blob_type, blob_json. */
    public String insertStaged() {
        return "INSERT INTO " + table("objects") + " (physical_name, stage, name, kind, task, run_id, state, "
                + "row_count, blob_type, blob_json) VALUES (?, ?, ?, ?, ?, ?, 'staged', ?, ?, ?)";
    }

    /** Parameters: row_count, physical_name. */
    public String updateRowCount() {
        return "UPDATE " + table("objects") + " SET row_count = ? WHERE physical_name = ?";
    }

    /** Objects of a stage in a state; parameters: stage, state. Columns: physical_name, name, kind. */
    public String selectByState() {
        return "SELECT physical_name, name, kind FROM " + table("objects") + " WHERE stage = ? AND state = ?";
    }

    /** Published objects of a stage with their blob content; parameter: stage. */
    public String selectPublished() {
        return "SELECT physical_name, name, kind, row_count, blob_type, blob_json FROM " + table("objects")
                + " WHERE stage = ? AND state = 'published'";
    }

    /** Retires the published version of a stage; parameter: stage. */
    public String retirePublished() {
        return "UPDATE " + table("objects") + " SET state = 'retired' WHERE stage = ? AND state = 'published'";
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

    /** Parameters: stage, run_id, committed_at. */
    public String insertStageCommit() {
        return "INSERT INTO " + table("stage_commits") + " (stage, run_id, committed_at) VALUES (?, ?, ?)";
    }

    /** Parameters: run_id, flow, started_at, status. */
    public String insertRun() {
        return "INSERT INTO " + table("runs") + " (run_id, flow, started_at, status) VALUES (?, ?, ?, ?)";
    }

    /** Parameters: finished_at, status, run_id. */
    public String finishRun() {
        return "UPDATE " + table("runs") + " SET finished_at = ?, status = ? WHERE run_id = ?";
    }
}
