package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;

/**
 * ETL code without any dag import, run with {@code -javaagent:dag-agent.jar=config=...,flow=nightly}: the
 * agent opens a run around main, the config's {@code tasks:} turn its SQL-building steps into cached,
 * materialized tasks, and the SQL they return reads the stored tables.
 */
class UnchangedEtlIT {

    private static ChildEtl legacyEtl(TestDatabase db) {
        return ChildEtl.on(db, ChildEtl.sqlTask(LegacyEtl.class.getName(), "orders", "raw")
                + ChildEtl.sqlTask(LegacyEtl.class.getName(), "bigOrders", "clean")
                + ChildEtl.sqlTask(LegacyEtl.class.getName(), "summary", "marts")); // the last step stays a query main reads
    }

    private static String runEtl(ChildEtl etl, int threshold) {
        return etl.run(LegacyEtl.class, List.of("-Detl.threshold=" + threshold), 0);
    }

    @OnEachDatabase
    void firstRunMaterializesSecondIsCacheValidAndAnEditedStepRerunsWithItsConsumers(TestDatabase db)
            throws Exception {
        ChildEtl etl = legacyEtl(db);

        String first = runEtl(etl, 5);
        assertTrue(first.contains("RESULT 500"), first);
        assertTrue(first.contains("dag_data"), "main received a query on the stored table: " + first);
        assertEquals(Map.of("bigOrders", "RAN", "orders", "RAN", "summary", "RAN"), etl.outcomesOfLastRun());
        assertEquals(1000L, ((Number) db.value("SELECT count(*) FROM " + db.table("raw", "orders"))).longValue());

        String second = runEtl(etl, 5);
        assertTrue(second.contains("RESULT 500"), second);
        assertEquals(Map.of("bigOrders", "LAZY_CACHE_VALID", "orders", "LAZY_CACHE_VALID",
                "summary", "LAZY_CACHE_VALID"), etl.outcomesOfLastRun());

        String edited = runEtl(etl, 8);
        assertTrue(edited.contains("RESULT 200"), edited);
        assertEquals(Map.of("bigOrders", "RAN", "orders", "LAZY_CACHE_VALID", "summary", "RAN"),
                etl.outcomesOfLastRun());
        String summaryReason = etl.reasonsOfLastRun().get("summary");
        assertTrue(summaryReason.contains("input clean.bigOrders changed"), "the step reads the edited step's new "
                + "table, its SQL is the same: " + summaryReason);
    }

    @OnEachDatabase
    void aMainThatThrowsIsRecordedAsFailedAndCommitsNothing(TestDatabase db) throws Exception {
        ChildEtl etl = legacyEtl(db);

        String output = etl.run(LegacyEtl.class, List.of("-Detl.threshold=5", "-Detl.fail=true"), 1);

        assertTrue(output.contains("the export after the queries failed"), output);
        assertEquals("failed", db.value("SELECT status FROM " + etl.meta() + ".runs WHERE flow = 'nightly'"));
        assertTrue(db.tablesIn("raw").isEmpty(), "no stage of the failed run was committed: " + db.tablesIn("raw"));
    }
}
