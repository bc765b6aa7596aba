package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Stage;
import example.tasks.Orders;
import example.tasks.Unsupported;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Mistakes in a flow definition that only the agent sees (it intercepts the task call) point at the line of
 * the flow that made them, not into the task or into dag.
 */
class DefinitionErrorsTest {

    @BeforeAll
    static void attachAgent() {
        DagAgent.install();
    }

    private static void assertTopFrameIs(String method, Throwable error) {
        StackTraceElement top = error.getStackTrace()[0];
        assertEquals(DefinitionErrorsTest.class.getName() + "." + method,
                top.getClassName() + "." + top.getMethodName(), "top frame: " + top);
    }

    @Test
    void taskCalledOutsideAnyStageIsReportedAtTheCallingLine() {
        DefinitionException error = null;
        try (Flow flow = new Flow("no_stage")) {
            Orders.load();
        } catch (DefinitionException e) {
            error = e;
        }

        assertNotNull(error);
        assertTrue(error.getMessage().contains("outside any stage"), error.getMessage());
        assertTopFrameIs("taskCalledOutsideAnyStageIsReportedAtTheCallingLine", error);
    }

    @Test
    void taskWithUnsupportedReturnTypeIsReportedAtTheCallingLine() {
        DefinitionException error = null;
        try (Flow flow = new Flow("unsupported")) {
            try (Stage stage = new Stage("s")) {
                Unsupported.name();
            }
        } catch (DefinitionException e) {
            error = e;
        }

        assertNotNull(error);
        assertTrue(error.getMessage().contains("java.lang.String"), error.getMessage());
        assertTopFrameIs("taskWithUnsupportedReturnTypeIsReportedAtTheCallingLine", error);
    }
}
