package dev.dag.junit;

import static dev.dag.junit.DagAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** A test class as a user writes it: no -javaagent, one instance for the class, assertions on results. */
@DagTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DagTestExtensionTest {
    static final AtomicInteger LOADS = new AtomicInteger();
    static volatile int minQty = 3;

    @Materialize(version = "1")
    static Table load() {
        LOADS.incrementAndGet();
        return Table.of("SELECT i AS id, i % 5 AS qty FROM generate_series(1, 20) AS s(i)").name("orders");
    }

    @Materialize(version = "1")
    static Table clean(Table orders, int min) {
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + min).name("clean_orders");
    }

    static Flow flow() {
        Flow flow = new Flow("orders");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = load();
            }
            try (Stage clean = new Stage("clean")) {
                clean(orders, minQty);
            }
        }
        return flow;
    }

    @Test
    @Order(1)
    void theFirstRunRunsEveryTask(DagInstance dag) {
        assertThat(dag.run(flow())).succeeded().ran("load", "clean");
        assertEquals(8L, ((Number) dag.query("SELECT count(*) AS n FROM " + dag.table("clean", "clean_orders"))
                .get(0).get("n")).longValue());
    }

    @Test
    @Order(2)
    void anUnchangedRerunRunsNothing(DagInstance dag) {
        assertThat(dag.run(flow())).succeeded().ranNothing().cacheValid("load", "clean");
        assertEquals(1, LOADS.get());
    }

    @Test
    @Order(3)
    void aChangedArgumentRerunsItsTaskAndSaysWhy(DagInstance dag) {
        minQty = 4;
        // the parameter's name is not asserted: a class retransformed by a self-attached agent loses its
        // parameter names (the JVM does not keep them), so the reason may say 'arg1' instead of 'min'
        assertThat(dag.run(flow())).ran("clean").cacheValid("load")
                .reasonOf("clean").contains("changed (3 → 4)");
    }

    @Test
    @Order(4)
    void aFailedAssertionShowsTheRunSummary(DagInstance dag) {
        AssertionError error = assertThrows(AssertionError.class, () -> assertThat(dag.run(flow())).ran("load"));
        assertTrue(error.getMessage().contains("expected exactly [load] to have ran, but [] did"), error.getMessage());
        assertTrue(error.getMessage().contains("CACHE_VALID"), error.getMessage());
    }
}
