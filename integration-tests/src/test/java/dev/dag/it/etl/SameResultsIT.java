package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The agent changes where a program's SQL steps read from, never what the program reads: every result set of
 * {@code com.acme.etl.SalesReport} (row order where its SQL defines one, column labels and types, the classes of
 * {@code getObject}) is the same without the agent, with it on a first run, and on a cached run.
 */
class SameResultsIT {
    private static final String MAIN = "com.acme.etl.SalesReport";
    private static final List<String> STEPS = List.of("customers", "orders", "topCustomers", "largestOrders",
            "byAmount", "shippedLast", "customerList");

    private static ChildEtl report(TestDatabase db) {
        return ChildEtl.on(db, STEPS.stream().map(step -> ChildEtl.sqlTask(MAIN, step, "report"))
                .collect(Collectors.joining()));
    }

    /** The lines of the result sets the program printed. */
    private static List<String> results(String output) {
        return output.lines().filter(line -> line.startsWith("RESULT ")).toList();
    }

    @OnEachDatabase
    void everyResultSetIsTheSameWithoutTheAgentOnAFirstRunAndOnACachedRun(TestDatabase db) {
        ChildEtl etl = report(db);
        List<String> plain = results(etl.runWithoutAgent(LegacyApp.classPath(), MAIN));
        assertTrue(plain.size() > 100 && plain.stream().anyMatch(line -> line.contains("column Total")), "" + plain);

        String first = etl.run(LegacyApp.classPath(), MAIN, List.of(), 0);
        assertTrue(first.contains("dag_data"), "the program read the stored tables: " + first);
        assertEquals(Map.of("RAN", 7L), outcomes(etl), first);
        assertSameLines(plain, results(first), "first run");

        String cached = etl.run(LegacyApp.classPath(), MAIN, List.of(), 0);
        assertEquals(Map.of("LAZY_CACHE_VALID", 7L), outcomes(etl), cached);
        assertSameLines(plain, results(cached), "cached run");
    }

    private static Map<String, Long> outcomes(ChildEtl etl) {
        return etl.outcomesOfLastRun().values().stream().collect(Collectors.groupingBy(outcome -> outcome,
                Collectors.counting()));
    }

    private static void assertSameLines(List<String> expected, List<String> actual, String run) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            assertEquals(expected.get(i), actual.get(i), run + ": line " + (i + 1) + " of the printed results");
        }
        assertEquals(expected.size(), actual.size(), run + ": lines of the printed results");
        assertFalse(actual.isEmpty());
    }
}
