package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.it.docs.examples.PreviousVersionExamples;
import dev.dag.it.docs.examples.OutputsExamples;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.Comparator;
import java.util.List;

/** Runs the examples of docs/outputs.md and asserts that each does what the page says. */
class OutputsDocExamplesIT {
    @OnEachDatabase
    void lookupListsTheTasksAndReadsTheBigOrdersByName(TestDatabase db) {
        assertEquals(List.of("raw.orders reads []", "clean.bigOrders reads [TaskCall(raw.orders#0)]", "2 big orders"),
                OutputsExamples.lookup(db.config()));
    }

    @OnEachDatabase
    void theRevenueGateSeesThePreviousVersionAndStopsADrop(TestDatabase db) {
        assertEquals(List.of(new PreviousVersionExamples.Change(null, 150)), PreviousVersionExamples.run(db.config(),
                100, 50));
        assertEquals(List.of(new PreviousVersionExamples.Change(150L, 140)), PreviousVersionExamples.run(db.config(),
                90, 50));
        DagException drop = assertThrows(DagException.class, () -> PreviousVersionExamples.run(db.config(), 40, 20));
        assertTrue(drop.getMessage().contains("revenue dropped 58 % since the last version"), drop.getMessage());
        assertEquals(2, db.published("sales", "revenue_change").get(0).size());
        assertEquals(140L, ((Number) db.published("sales", "revenue_change").get(0).get(1)).longValue(),
                "the failed gate published nothing");
    }

    @OnEachDatabase
    void fromStoreReadsTheCommittedBigOrdersAndRefusesBeforeTheFirstRun(TestDatabase db) {
        DefinitionException none = assertThrows(DefinitionException.class, () -> OutputsExamples.fromStore(db.config()));
        assertTrue(none.getMessage().contains("has no committed output"), none.getMessage());
        OutputsExamples.define().run(db.options());

        assertEquals(List.of(new OutputsExamples.Order(2, 7), new OutputsExamples.Order(3, 9)),
                OutputsExamples.fromStore(db.config()).stream()
                        .sorted(Comparator.comparingInt(OutputsExamples.Order::id)).toList());
    }
}
