package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * ETL code without any dag import, run with {@code -javaagent:dag-agent.jar=config=...,flow=nightly}: the
 * agent opens a run around main, the config's {@code tasks:} turn its SQL-building steps into cached,
 * materialized tasks, and the SQL they return reads the stored tables.
 */
class UnchangedEtlIT {

    private static Path writeConfig(TestDatabase db) throws Exception {
        Path file = Files.createTempFile("dag-etl-", ".yaml");
        String user = db.config().user() == null ? "" : "    user: " + db.config().user() + "\n";
        Files.writeString(file, "instances:\n"
                + "  it:\n"
                + "    url: " + db.config().url() + "\n"
                + user
                + "    schema_prefix: \"" + db.config().schemaPrefix() + "\"\n"
                + "tasks:\n"
                + "  - class: " + LegacyEtl.class.getName() + "\n"
                + "    method: orders\n"
                + "    lazy: true\n"
                + "    sql: true\n"
                + "    stage: raw\n"
                + "  - class: " + LegacyEtl.class.getName() + "\n"
                + "    method: bigOrders\n"
                + "    lazy: true\n"
                + "    sql: true\n"
                + "    stage: clean\n"
                + "  - class: " + LegacyEtl.class.getName() + "\n"
                + "    method: summary   # the last step stays a plain query, read by main itself\n"
                + "    lazy: true\n"
                + "    sql: true\n"
                + "    stage: marts\n");
        return file;
    }

    private static String runEtl(TestDatabase db, Path config, int threshold) {
        return runEtl(db, config, List.of("-Detl.threshold=" + threshold), 0);
    }

    /** Runs the ETL program in a JVM of its own with the agent; returns its output. */
    private static String runEtl(TestDatabase db, Path config, List<String> properties, int expectedExit) {
        db.config().close(); // a DuckDB file admits one process: let the child have it
        try (ChildJvm etl = ChildJvm.start("legacy ETL", "config=" + config + ",instance=it,flow=nightly",
                properties, LegacyEtl.class,
                List.of(db.config().url(), db.config().user() == null ? "" : db.config().user(), ""))) {
            assertEquals(expectedExit, etl.awaitExit(Duration.ofMinutes(2)), etl.output());
            return etl.output();
        }
    }

    private static Map<String, String> outcomesOfLastRun(TestDatabase db) {
        String meta = "\"" + db.config().schemaPrefix() + "dag_meta\"";
        Object runId = db.value("SELECT run_id FROM " + meta + ".runs WHERE flow = 'nightly' ORDER BY started_at DESC"
                + " LIMIT 1");
        Map<String, String> outcomes = new TreeMap<>();
        for (Map<String, Object> row : db.query("SELECT task, outcome FROM " + meta + ".task_runs WHERE run_id = '"
                + runId + "'")) {
            outcomes.put((String) row.get("task"), (String) row.get("outcome"));
        }
        return outcomes;
    }

    @OnEachDatabase
    void firstRunMaterializesSecondIsCacheValidAndAnEditedStepRerunsWithItsConsumers(TestDatabase db)
            throws Exception {
        Path config = writeConfig(db);

        String first = runEtl(db, config, 5);
        assertTrue(first.contains("RESULT 500"), first);
        assertTrue(first.contains("dag_data"), "main received a query on the stored table: " + first);
        assertEquals(Map.of("bigOrders", "RAN", "orders", "RAN", "summary", "RAN"), outcomesOfLastRun(db));
        assertEquals(1000L, ((Number) db.value("SELECT count(*) FROM " + db.table("raw", "orders"))).longValue());

        String second = runEtl(db, config, 5);
        assertTrue(second.contains("RESULT 500"), second);
        assertEquals(Map.of("bigOrders", "LAZY_CACHE_VALID", "orders", "LAZY_CACHE_VALID",
                "summary", "LAZY_CACHE_VALID"), outcomesOfLastRun(db));

        String edited = runEtl(db, config, 8);
        assertTrue(edited.contains("RESULT 200"), edited);
        assertEquals(Map.of("bigOrders", "RAN", "orders", "LAZY_CACHE_VALID", "summary", "RAN"),
                outcomesOfLastRun(db));
    }

    @OnEachDatabase
    void aMainThatThrowsIsRecordedAsFailedAndCommitsNothing(TestDatabase db) throws Exception {
        Path config = writeConfig(db);

        String output = runEtl(db, config, List.of("-Detl.threshold=5", "-Detl.fail=true"), 1);

        assertTrue(output.contains("the export after the queries failed"), output);
        String meta = "\"" + db.config().schemaPrefix() + "dag_meta\"";
        assertEquals("failed", db.value("SELECT status FROM " + meta + ".runs WHERE flow = 'nightly'"));
        assertTrue(db.tablesIn("raw").isEmpty(), "no stage of the failed run was committed: " + db.tablesIn("raw"));
    }
}
