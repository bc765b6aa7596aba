package dev.dag.it.imperative;

import dev.dag.Result;
import dev.dag.TaskResult;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;

/**
 * What a run left in the database and in its result, read the way an operator would: the physical table
 * behind a stage's view (from dag's metadata), the physical tables of a name, a task's stored cache entry,
 * and the outcomes a task reports for the tables it materialized.
 */
final class Stored {
    private Stored() {
    }

    /** The physical table the published view {@code stage.table} shows. */
    static String physical(TestDatabase db, String stage, String table) {
        List<Map<String, Object>> rows = db.query("SELECT physical_name FROM " + meta(db, "objects")
                + " WHERE stage = '" + stage + "' AND name = '" + table + "' AND state = 'published'");
        if (rows.size() != 1) {
            throw new AssertionError("expected one published object " + stage + "." + table + ", got " + rows);
        }
        return (String) rows.get(0).get("physical_name");
    }

    /** The names of the tables and views readers see in {@code stage}, sorted. */
    static List<String> tablesIn(TestDatabase db, String stage) {
        return namesIn(db, db.schema(stage));
    }

    /** The physical tables in dag's data schema that hold versions of {@code stage.table}. */
    static List<String> physicalTables(TestDatabase db, String stage, String table) {
        String prefix = stage + "__" + table + "__";
        return namesIn(db, db.schema("dag_data")).stream().filter(name -> name.startsWith(prefix)).toList();
    }

    /** The rows of the published table {@code stage.table}, ordered by {@code orderBy}. */
    static List<Map<String, Object>> rows(TestDatabase db, String stage, String table, String orderBy) {
        return db.query("SELECT * FROM " + db.table(stage, table) + " ORDER BY " + orderBy);
    }

    /** The value of {@code column} in the single row of {@code stage.table}. */
    static long single(TestDatabase db, String stage, String table, String column) {
        return ((Number) db.value("SELECT " + column + " FROM " + db.table(stage, table))).longValue();
    }

    /** Length of the published cache entry of {@code task} in {@code stage}: its key parts and its outputs. */
    static long entryLength(TestDatabase db, String stage, String task) {
        Map<String, Object> row = db.query("SELECT parts, outputs FROM " + meta(db, "cache_entries") + " WHERE stage = '"
                + stage + "' AND task = '" + task + "' AND state = 'published'").get(0);
        return ((String) row.get("parts")).length() + ((String) row.get("outputs")).length();
    }

    /** "name OUTCOME" (plus " returned") for each table the task materialized, in call order. */
    static List<String> outcomes(Result result, String task) {
        return result(result, task).materializations().stream()
                .map(table -> table.name() + " " + table.outcome() + (table.returned() ? " returned" : "")).toList();
    }

    /** The task's result; fails when the run has none for it. */
    static TaskResult result(Result result, String task) {
        return result.task(task).orElseThrow(() -> new AssertionError("no task '" + task + "' in\n" + result.summary()));
    }

    private static List<String> namesIn(TestDatabase db, String schema) {
        return db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = '" + schema + "'")
                .stream().map(row -> (String) row.get("table_name")).sorted().toList();
    }

    private static String meta(TestDatabase db, String table) {
        return "\"" + db.schema("dag_meta") + "\".\"" + table + "\"";
    }
}
