package example.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.TaskContext;
import dev.dag.internal.engine.context.Activity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a user sees when the agent is not attached (surefire in dag-api runs without it). This class lives
 * outside {@code dev.dag} on purpose: dag removes its own frames from stack traces, and a user's class
 * is never in that package.
 */
class TaskCalledWithoutAgentTest {
    record Row(int id, String name) {
    }

    static int bodyRuns;

    @Materialize(version = "1")
    static Table rows() {
        bodyRuns++;
        Table table = Table.of(List.of(new Row(1, "a"))).name("rows");
        Table materialized = table.materialize();
        assertSame(table, materialized, "with no run open, materialize() hands back the same table");
        return materialized;
    }

    @Test
    void taskMethodRunsItsBodyAsPlainJava() {
        int before = bodyRuns;

        Table table = rows();

        assertEquals(before + 1, bodyRuns);
        assertEquals("rows", table.name());
        assertEquals(List.of(new Row(1, "a")), table.obj());
        assertTrue(TaskContext.current().isEmpty());
    }

    @Test
    void materializeWithoutARunReturnsTheSameTable() {
        Table table = Table.of("SELECT 1 AS a");

        assertSame(table, table.materialize());
        assertEquals("SELECT 1 AS a", table.materialize().obj());
    }

    @Test
    void definingAFlowWithoutTheAgentSaysHowToAttachIt() {
        DefinitionException error = null;
        try {
            new Flow("orders");
        } catch (DefinitionException e) {
            error = e;
        }

        assertNotNull(error, "new Flow(...) must fail without the agent");
        assertTrue(error.getMessage().contains("-javaagent"), error.getMessage());
        assertTrue(error.getMessage().contains("DagAgent.install()"), error.getMessage());
        assertTrue(error.getMessage().contains("'orders'"), error.getMessage());
        StackTraceElement top = error.getStackTrace()[0];
        assertEquals(getClass().getName(), top.getClassName(), "top frame: " + top);
        assertEquals("definingAFlowWithoutTheAgentSaysHowToAttachIt", top.getMethodName(), "top frame: " + top);
    }

    @Test
    void failedFlowDefinitionLeavesNothingOpen() {
        assertThrows(DefinitionException.class, () -> new Flow("orders"));

        assertFalse(Activity.any(), "task calls stay plain calls");
        DefinitionException again = assertThrows(DefinitionException.class, () -> new Flow("orders"));
        assertTrue(again.getMessage().contains("-javaagent"),
                "no half-open flow from the first attempt: " + again.getMessage());
        int before = bodyRuns;
        rows();
        assertEquals(before + 1, bodyRuns);
    }
}
