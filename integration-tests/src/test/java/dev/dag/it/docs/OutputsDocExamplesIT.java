package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
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
    void fromStoreReadsTheCommittedBigOrdersAndRefusesBeforeTheFirstRun(TestDatabase db) {
        DefinitionException none = assertThrows(DefinitionException.class, () -> OutputsExamples.fromStore(db.config()));
        assertTrue(none.getMessage().contains("has no committed output"), none.getMessage());
        OutputsExamples.define().run(db.options());

        assertEquals(List.of(new OutputsExamples.Order(2, 7), new OutputsExamples.Order(3, 9)),
                OutputsExamples.fromStore(db.config()).stream()
                        .sorted(Comparator.comparingInt(OutputsExamples.Order::id)).toList());
    }
}
