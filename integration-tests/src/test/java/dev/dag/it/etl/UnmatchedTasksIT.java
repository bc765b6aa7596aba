package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;

/**
 * A typo in a {@code tasks:} entry leaves its method a plain call: the run says so in its summary, naming the entry
 * and whether the class or the method did not match, instead of passing as a successful run with fewer tasks.
 */
class UnmatchedTasksIT {

    @OnEachDatabase
    void entriesWhoseClassOrMethodMatchedNothingAreWarningsInTheSummary(TestDatabase db) {
        ChildEtl etl = ChildEtl.on(db, ChildEtl.sqlTask(LegacyEtl.class.getName(), "orders", "raw")
                + ChildEtl.sqlTask(LegacyEtl.class.getName(), "bigOrdrs", "clean")
                + ChildEtl.sqlTask(LegacyEtl.class.getName(), "summ*ry", "marts")
                + ChildEtl.sqlTask(LegacyEtl.class.getName() + "s", "summary", "marts"));

        String output = etl.run(LegacyEtl.class, ChildEtl.LOGGING_INFO, 0);

        assertTrue(output.contains("RESULT 500"), output);
        assertTrue(output.contains("warning: tasks: entry class " + LegacyEtl.class.getName() + ", method 'bigOrdrs' "
                + "matched no method of that class"), output);
        assertTrue(output.contains("warning: tasks: entry class " + LegacyEtl.class.getName() + "s, method 'summary' "
                + "matched nothing: no class of that name was loaded"), output);
        assertFalse(output.contains("method 'orders'"), "a matching entry is no warning: " + output);
        assertFalse(output.contains("method 'summ*ry'"), "a matching pattern is no warning: " + output);
        assertEquals(List.of("orders"), db.tablesIn("raw"));
    }
}
