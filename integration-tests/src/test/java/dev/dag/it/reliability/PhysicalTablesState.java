package dev.dag.it.reliability;

import dev.dag.it.support.TestDatabase;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The physical tables of a test database: those in its data schema ({@code <prefix>dag_data}), and the
 * state that dag's metadata ({@code <prefix>dag_meta.objects}) gives each table it knows: staged,
 * published or retired.
 */
record PhysicalTablesState(Set<String> inDataSchema, Map<String, String> stateByName) {

    static PhysicalTablesState read(TestDatabase db) {
        String prefix = db.config().schemaPrefix();
        Set<String> inDataSchema = db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                        + prefix + "dag_data'").stream().map(row -> (String) row.get("table_name"))
                .collect(Collectors.toCollection(TreeSet::new));
        Map<String, String> states = new TreeMap<>();
        db.query("SELECT physical_name, state FROM \"" + prefix + db.config().metadataSchema() + "\".objects "
                + "WHERE kind = 'table'").forEach(row -> states.put((String) row.get("physical_name"),
                (String) row.get("state")));
        return new PhysicalTablesState(inDataSchema, states);
    }

    /** The tables of the published stage versions. */
    Set<String> published() {
        return stateByName.entrySet().stream().filter(entry -> entry.getValue().equals("published"))
                .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Tables that no published version uses (what a crashed or failed run left behind), each with its
     * state in the metadata: "staged" or "retired" ones are dropped by the stage's next run, tables
     * "unknown" to the metadata by nothing.
     */
    Map<String, String> orphans() {
        Map<String, String> orphans = new TreeMap<>();
        for (String table : inDataSchema) {
            String state = stateByName.getOrDefault(table, "unknown");
            if (!state.equals("published")) {
                orphans.put(table, state);
            }
        }
        return orphans;
    }

    /** Published tables that do not exist. */
    Set<String> missing() {
        Set<String> missing = published();
        missing.removeAll(inDataSchema);
        return missing;
    }
}
