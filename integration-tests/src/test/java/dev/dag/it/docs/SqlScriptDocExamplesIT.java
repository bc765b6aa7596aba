package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.TaskOutcome;
import dev.dag.it.docs.examples.SqlScriptExamples;
import dev.dag.it.docs.examples.SqlScriptExamples.RegionTotal;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;

/** Runs the example of docs/sql-scripts.md and asserts that it does what the page says. */
class SqlScriptDocExamplesIT {
    @OnEachDatabase
    void theScriptsTablesArePublishedReadByNameAndCarriedOver(TestDatabase db) {
        List<Object> ran = SqlScriptExamples.runTwice(db.config());
        assertEquals(List.of("big_orders", "region_totals", "valid_orders"), ran.get(0));
        assertEquals(List.of(new RegionTotal("North", 11), new RegionTotal("South", 7)), ran.get(1));
        assertEquals(TaskOutcome.CACHE_VALID, ran.get(2));
        assertEquals(3, db.published("clean", "valid_orders").size());
    }
}
