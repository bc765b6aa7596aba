package dev.dag.it.steer;

import dev.dag.it.support.Rows;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything an instance holds, as text: its schemas, its tables and views, and every row of dag's metadata
 * tables. Two snapshots are equal when nothing was written in between.
 */
final class InstanceSnapshot {
    private static final List<String> METADATA_TABLES = List.of("format", "objects", "versions", "task_runs",
            "runs");

    private InstanceSnapshot() {
    }

    static String of(TestDatabase db) {
        List<String> lines = new ArrayList<>();
        db.rows("SELECT schema_name FROM information_schema.schemata WHERE starts_with(schema_name, ?)",
                db.config().schemaPrefix()).forEach(row -> lines.add("schema " + row.get(0)));
        db.objects("BASE TABLE").forEach(table -> lines.add("table " + table));
        db.objects("VIEW").forEach(view -> lines.add("view " + view));
        String metadata = db.config().metadataSchema();
        if (lines.contains("schema " + db.schema(metadata))) {
            for (String table : METADATA_TABLES) {
                Rows.sorted(db.rows("SELECT * FROM " + db.table(metadata, table)))
                        .forEach(row -> lines.add(table + " " + row));
            }
        }
        lines.sort(null);
        return String.join("\n", lines);
    }
}
