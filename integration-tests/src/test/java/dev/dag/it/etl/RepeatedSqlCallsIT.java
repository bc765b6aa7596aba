package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An export job calls an SQL step declared under {@code tasks:} more than once in one run ({@link ExportJob}): a call
 * with the arguments of an earlier one gets that call's table, a call with other arguments a table of its own,
 * named after the task and the call ({@code customersFrom_2}), the same on every run so that the cache keeps it.
 */
class RepeatedSqlCallsIT {

    private static ChildEtl exportJob(TestDatabase db) {
        return ChildEtl.on(db, ChildEtl.sqlTask(ExportJob.class.getName(), "customers", "raw")
                + ChildEtl.sqlTask(ExportJob.class.getName(), "customersFrom", "raw"));
    }

    private static long count(TestDatabase db, String table) {
        return ((Number) db.value("SELECT count(*) FROM " + db.table("raw", table))).longValue();
    }

    /** "task outcome" of each call of the last run, sorted. */
    private static List<String> callsOfLastRun(ChildEtl etl) {
        List<String> calls = new ArrayList<>();
        for (Map<String, Object> row : etl.db().query("SELECT task, outcome FROM " + etl.meta() + ".task_runs "
                + "WHERE run_id = '" + etl.lastRunId() + "'")) {
            calls.add(row.get("task") + " " + row.get("outcome"));
        }
        return calls.stream().sorted().toList();
    }

    @OnEachDatabase
    void aRepeatedCallReusesItsTableAndACallWithOtherArgumentsGetsATableOfItsOwn(TestDatabase db) {
        ChildEtl etl = exportJob(db);

        String first = etl.run(ExportJob.class, ChildEtl.LOGGING_INFO, 0);

        assertTrue(first.contains("SAME true true false"), "equal calls got one query, other arguments another: "
                + first);
        assertTrue(first.contains("COUNTS 10 10 8 5 8"), first);
        assertEquals(List.of("customers", "customersFrom", "customersFrom_2"), db.tablesIn("raw"));
        assertEquals(8, count(db, "customersFrom"));
        assertEquals(5, count(db, "customersFrom_2"));
        assertEquals(List.of("customers CACHE_VALID", "customers RAN", "customersFrom CACHE_VALID", "customersFrom RAN",
                "customersFrom RAN"), callsOfLastRun(etl));
        assertTrue(first.contains("as table 'customersFrom_2'"), "the summary tells the second table: " + first);
        assertTrue(first.contains("same arguments as an earlier call"), "the summary tells the reuse: " + first);

        String second = etl.run(ExportJob.class, List.of(), 0);

        assertTrue(second.contains("COUNTS 10 10 8 5 8"), second);
        assertEquals(List.of("customers CACHE_VALID", "customers LAZY_CACHE_VALID", "customersFrom CACHE_VALID",
                "customersFrom LAZY_CACHE_VALID", "customersFrom LAZY_CACHE_VALID"), callsOfLastRun(etl));
        assertEquals(List.of("customers", "customersFrom", "customersFrom_2"), db.tablesIn("raw"));
    }
}
