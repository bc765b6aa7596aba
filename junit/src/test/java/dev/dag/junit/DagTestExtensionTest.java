package dev.dag.junit;

import static dev.dag.junit.DagAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * A test class as a user writes it: no -javaagent, assertions on results. {@code @DagTest} gives one
 * instance to the whole class, so each test runs its flow in stages of its own (named after the test) and
 * arranges every run it needs itself: the tests pass alone and in any order.
 */
@DagTest
class DagTestExtensionTest {
    /** Calls of the body of {@code load}, counted per test (reset before each). */
    static final AtomicInteger LOADS = new AtomicInteger();

    /** This test's stages are {@code <stages>_raw} and {@code <stages>_clean}. */
    private String stages;

    @BeforeEach
    void stagesOfItsOwn(TestInfo test) {
        stages = test.getTestMethod().orElseThrow().getName();
        LOADS.set(0);
    }

    @Materialize(version = "1")
    static Table load() {
        LOADS.incrementAndGet();
        return Table.of("SELECT i AS id, i % 5 AS qty FROM generate_series(1, 20) AS s(i)").name("orders");
    }

    @Materialize(version = "1")
    static Table clean(Table orders, int min) {
        return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + min).name("clean_orders");
    }

    private Flow flow(int minQty) {
        Flow flow = new Flow("orders");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage(stages + "_raw")) {
                orders = load();
            }
            try (Stage clean = new Stage(stages + "_clean")) {
                clean(orders, minQty);
            }
        }
        return flow;
    }

    @Test
    void theFirstRunRunsEveryTask(DagInstance dag) {
        assertThat(dag.run(flow(3))).succeeded().ran("load", "clean");
        assertEquals(8L, ((Number) dag.query("SELECT count(*) AS n FROM " + dag.table(stages + "_clean", "clean_orders"))
                .get(0).get("n")).longValue());
        assertEquals(1, LOADS.get());
    }

    @Test
    void storedOutputsAreReadAndRefusedWhenStale(DagInstance dag) {
        dag.run(flow(3));
        LOADS.set(0);

        Flow same = flow(3);
        assertEquals(8, dag.outputsFromStore(same).rows(same.task("clean"), Map.class).size());
        assertEquals(0, LOADS.get(), "nothing ran");
        Flow changed = flow(4);
        DefinitionException stale = assertThrows(DefinitionException.class,
                () -> dag.outputsFromStore(changed).rows(changed.task("clean"), Map.class));
        assertTrue(stale.getMessage().contains("constant argument 'min' changed (3 → 4)"), stale.getMessage());
    }

    @Test
    void anUnchangedRerunRunsNothing(DagInstance dag) {
        Flow flow = flow(3);
        assertThat(dag.run(flow)).succeeded().ran("load", "clean");

        assertThat(dag.run(flow)).succeeded().ranNothing().cacheValid("load", "clean");
        assertEquals(1, LOADS.get());
    }

    @Test
    void aChangedArgumentRerunsItsTaskAndSaysWhy(DagInstance dag) {
        assertThat(dag.run(flow(3))).succeeded().ran("load", "clean");

        // this class was retransformed by the self-attached agent, which drops -parameters' names: the name
        // comes from the class file's local variable table
        assertThat(dag.run(flow(4))).succeeded().ran("clean").cacheValid("load")
                .reasonOf("clean").contains("constant argument 'min' changed (3 → 4)");
        assertEquals(1, LOADS.get());
        assertEquals(4L, ((Number) dag.query("SELECT count(*) AS n FROM " + dag.table(stages + "_clean", "clean_orders"))
                .get(0).get("n")).longValue());
    }

    @Test
    void aFailedAssertionShowsTheRunSummary(DagInstance dag) {
        Flow flow = flow(3);
        assertThat(dag.run(flow)).succeeded();

        Result rerun = dag.run(flow);
        AssertionError error = assertThrows(AssertionError.class, () -> assertThat(rerun).ran("load"));
        assertTrue(error.getMessage().contains("expected exactly [load] to have ran, but [] did"), error.getMessage());
        assertTrue(error.getMessage().contains("CACHE_VALID"), error.getMessage());
    }

    @Test
    void queriesGiveDatesAndTimesExactlyAsJavaTimeValues(DagInstance dag) {
        TimeZone machine = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
        try {
            // 02:30 does not exist in Berlin that day; 00:30Z is the first of the two instants of 02:30 in October
            Map<String, Object> row = dag.query("SELECT TIMESTAMP '2026-03-29 02:30:00' AS wall, "
                    + "TIMESTAMPTZ '2026-10-25 00:30:00+00' AS moment, DATE '1582-10-10' AS julian").get(0);

            assertEquals(LocalDateTime.parse("2026-03-29T02:30:00"), row.get("wall"));
            assertEquals(Instant.parse("2026-10-25T00:30:00Z"), row.get("moment"));
            assertEquals(LocalDate.of(1582, 10, 10), row.get("julian"));
        } finally {
            TimeZone.setDefault(machine);
        }
    }

    @Test
    void aQueryOfAValueNoJavaTypeHoldsFailsNamingIt(DagInstance dag) {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> dag.query("SELECT CAST('infinity' AS DATE) AS valid_to"));

        assertTrue(e.getMessage().contains("column 'valid_to'") && e.getMessage().contains("infinity"),
                e.getMessage());
    }
}
