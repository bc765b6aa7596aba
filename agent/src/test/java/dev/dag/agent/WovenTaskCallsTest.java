package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import example.tasks.Orders;
import example.tasks.Pricing;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the code woven into @Materialize methods does with a call, depending on what the thread is doing. */
class WovenTaskCallsTest {

    @BeforeAll
    static void attachAgent() {
        DagAgent.install();
    }

    @Test
    void staticTaskCalledWhileAFlowIsDefinedIsRecordedNotRun() {
        int before = Orders.LOAD_RUNS.get();

        Flow flow = new Flow("static_call");
        try (flow) {
            try (Stage stage = new Stage("raw")) {
                Orders.load();
            }
        }

        assertEquals(before, Orders.LOAD_RUNS.get());
        assertEquals(List.of("raw"), flow.stages());
    }

    @Test
    void instanceTaskCalledWhileAFlowIsDefinedIsRecordedNotRun() {
        Pricing pricing = new Pricing(10);

        try (Flow flow = new Flow("instance_call")) {
            Table orders;
            try (Stage stage = new Stage("raw")) {
                orders = Orders.load();
            }
            try (Stage stage = new Stage("priced")) {
                Table priced = pricing.priced(orders);
                assertThrows(DefinitionException.class, priced::obj);
            }
        }

        assertEquals(0, pricing.runs.get());
    }

    @Test
    void recordedCallReturnsAPlaceholderWithoutContent() {
        try (Flow flow = new Flow("placeholder")) {
            try (Stage stage = new Stage("raw")) {
                Table orders = Orders.load();

                DefinitionException error = assertThrows(DefinitionException.class, orders::obj);

                assertTrue(error.getMessage().contains("placeholder"), error.getMessage());
                assertTrue(error.getMessage().contains("'load'"), error.getMessage());
                assertEquals(Optional.of("load"), error.task());
                assertEquals(Optional.of("raw"), error.stage());
                assertThrows(DefinitionException.class, orders::ref);
                assertThrows(DefinitionException.class, orders::materialize);
            }
        }
    }

    @Test
    void plainCallOutsideAnyFlowRunsTheBodyAndReturnsItsValue() {
        int before = Orders.LOAD_RUNS.get();

        Table orders = Orders.load();

        assertEquals(before + 1, Orders.LOAD_RUNS.get());
        assertEquals("orders", orders.name());
        assertEquals(List.of(new Orders.Order(1, "ada", 3), new Orders.Order(2, "bob", 0),
                new Orders.Order(3, "cy", 5)), orders.obj());
    }

    @Test
    void plainCallOfAnInstanceTaskUsesItsReceiverAndArguments() {
        Pricing pricing = new Pricing(7);

        Table priced = pricing.priced(Table.of(TableRef.of("raw", "orders")));

        assertEquals(1, pricing.runs.get());
        assertEquals("SELECT id, qty * 7 AS amount FROM \"raw\".\"orders\" WHERE qty > 0", priced.obj());
    }

    @Test
    void tasksAreCalledPlainlyAgainOnceTheFlowIsClosed() {
        try (Flow flow = new Flow("closed")) {
            try (Stage stage = new Stage("raw")) {
                Orders.load();
            }
        }
        int before = Orders.LOAD_RUNS.get();

        Orders.load();

        assertEquals(before + 1, Orders.LOAD_RUNS.get());
    }

    @Test
    void taskCalledInAFlowOutsideAnyStageIsRefused() {
        try (Flow flow = new Flow("no_stage")) {
            int before = Orders.LOAD_RUNS.get();

            DefinitionException error = assertThrows(DefinitionException.class, Orders::load);

            assertTrue(error.getMessage().contains("outside any stage"), error.getMessage());
            assertEquals(before, Orders.LOAD_RUNS.get());
        }
    }
}
