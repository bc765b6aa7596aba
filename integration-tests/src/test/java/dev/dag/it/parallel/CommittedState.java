package dev.dag.it.parallel;

import dev.dag.it.support.Rows;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an instance shows readers and keeps as cache after a run: the published tables of some stages with their
 * rows, and the published cache entries (task, ordinal, key) of those stages. Two instances that ran the same
 * flow compare equal when the runs left the same committed state, whatever the physical table names.
 */
record CommittedState(Map<String, List<List<Object>>> tables, List<List<Object>> cacheEntries) {

    static CommittedState of(TestDatabase db, String... stages) {
        Map<String, List<List<Object>>> tables = new TreeMap<>();
        for (String stage : stages) {
            for (String table : db.tablesIn(stage)) {
                tables.put(stage + "." + table, db.published(stage, table));
            }
        }
        List<List<Object>> entries = Rows.sorted(db.rows("SELECT stage, task, ordinal, task_key FROM "
                + db.table(db.config().metadataSchema(), "cache_entries") + " WHERE state = 'published'"));
        return new CommittedState(tables, entries);
    }
}
