package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.dag.it.docs.examples.TestingExamples;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.Comparator;
import java.util.List;

/** Runs the examples of docs/testing.md and asserts that each does what the page says. */
class TestingDocExamplesIT {
    @OnEachDatabase
    void anOverrideFeedsTheGivenOrdersToBigOrdersAndPublishesNothing(TestDatabase db) {
        assertEquals(List.of(new TestingExamples.Order(2, 7), new TestingExamples.Order(3, 9)),
                TestingExamples.override(db.config()).stream()
                        .sorted(Comparator.comparingInt(TestingExamples.Order::id)).toList());
        assertFalse(db.viewExists("clean", "big_orders"), "a test run publishes no stage");
    }
}
