package dev.dag.internal.engine.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.internal.engine.context.ThreadState.Defining;
import dev.dag.internal.engine.context.ThreadState.Idle;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The legal changes of a thread's state, and the refusal of the others (runs need a database: see the ITs). */
class ThreadStatesTest {
    private final FlowDefinition flow = new FlowDefinition("orders");

    @AfterEach
    void backToIdle() {
        ThreadStates.endDefinition(flow);
        assertInstanceOf(Idle.class, ThreadStates.current(), "each test leaves the thread idle");
    }

    @Test
    void aThreadStartsIdleWithNoRunAndNoTask() {
        assertInstanceOf(Idle.class, ThreadStates.current());
        assertNull(ThreadStates.currentRun());
        assertNull(ThreadStates.currentTask());
    }

    @Test
    void aDefinitionOpensAndClosesStageBlocksAndEndsIdle() {
        ThreadStates.beginDefinition(flow);
        Defining defining = assertInstanceOf(Defining.class, ThreadStates.current());
        StageDefinition raw = new StageDefinition(flow, "raw");

        ThreadStates.defineStage(defining, raw);
        assertSame(raw, ((Defining) ThreadStates.current()).stage());
        ThreadStates.defineStage((Defining) ThreadStates.current(), null);
        assertNull(((Defining) ThreadStates.current()).stage());

        ThreadStates.endDefinition(flow);
        assertInstanceOf(Idle.class, ThreadStates.current());
    }

    @Test
    void aFlowDefinedInsideAFlowIsRefusedNamingBoth() {
        ThreadStates.beginDefinition(flow);

        DefinitionException error = assertThrows(DefinitionException.class,
                () -> ThreadStates.beginDefinition(new FlowDefinition("inner")));

        assertEquals("Flow 'inner' is defined inside flow 'orders'. Close the first flow's try block before defining "
                + "another.", error.getMessage());
        assertSame(flow, ((Defining) ThreadStates.current()).flow(), "the outer definition goes on");
    }

    @Test
    void endingAnotherFlowsDefinitionChangesNothing() {
        ThreadStates.beginDefinition(flow);

        ThreadStates.endDefinition(new FlowDefinition("other"));

        assertInstanceOf(Defining.class, ThreadStates.current());
    }

    @Test
    void changesOnlyARunMakesAreDagBugsOutsideOne() {
        IllegalStateException invoking = assertThrows(IllegalStateException.class, () -> ThreadStates.invoking(null));
        IllegalStateException ending = assertThrows(IllegalStateException.class, () -> ThreadStates.endRun(null));

        assertTrue(invoking.getMessage().startsWith("dag bug: illegal thread state change"), invoking.getMessage());
        assertTrue(ending.getMessage().startsWith("dag bug: illegal thread state change"), ending.getMessage());
        assertInstanceOf(Idle.class, ThreadStates.current());
    }
}
