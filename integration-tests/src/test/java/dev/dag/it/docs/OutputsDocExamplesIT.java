package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.it.docs.examples.OutputsExamples;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;

/** Runs the examples of docs/outputs.md and asserts that each does what the page says. */
class OutputsDocExamplesIT {
    @OnEachDatabase
    void lookupListsTheTasksAndReadsTheBigOrdersByName(TestDatabase db) {
        assertEquals(List.of("raw.orders reads []", "clean.bigOrders reads [TaskCall(raw.orders#0)]", "2 big orders"),
                OutputsExamples.lookup(db.config()));
    }
}
