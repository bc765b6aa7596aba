package dev.dag.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The agent's options are understood here only: dag-api receives the run they describe, defaults applied. */
class AgentOptionsTest {
    @Test
    void aRunAroundMainGetsConfigInstanceAndFlow() {
        AgentOptions options = AgentOptions.parse("config=etl/dag.yaml, instance=prod ,flow=nightly");

        assertTrue(options.opensMainRun());
        assertEquals("etl/dag.yaml", options.config());
        assertEquals("etl/dag.yaml\0prod\0nightly", options.mainRun());
    }

    @Test
    void missingInstanceAndConfigTakeTheirDefaults() {
        assertEquals("dag.yaml\0default\0nightly", AgentOptions.parse("config=dag.yaml,flow=nightly").mainRun());
        assertEquals("\0default\0nightly", AgentOptions.parse("flow=nightly").mainRun(),
                "no config: the default instance (embedded DuckDB)");
    }

    @Test
    void withoutFlowNoRunIsOpenedAroundMain() {
        AgentOptions options = AgentOptions.parse("config=dag.yaml");

        assertFalse(options.opensMainRun());
        assertNull(options.mainClass());
    }

    @Test
    void noOptionsAreNoOptions() {
        AgentOptions options = AgentOptions.parse(null);

        assertFalse(options.opensMainRun());
        assertNull(options.config());
    }

    @Test
    void anUnknownOptionIsAnErrorLineNamingTheKnownOnesAndTheOthersStillApply() {
        String[] options = new String[1];
        String stderr = stderrOf(() -> options[0] = AgentOptions.parse("config=dag.yaml,flwo=nightly").config());

        assertEquals("dag-agent: unknown option 'flwo'; known: config, instance, flow, main" + System.lineSeparator(),
                stderr);
        assertEquals("dag.yaml", options[0], "the agent goes on with the options it knows");
        assertFalse(AgentOptions.parse("flwo=nightly").opensMainRun());
    }

    @Test
    void knownOptionsPrintNothing() {
        assertEquals("", stderrOf(() -> AgentOptions.parse("config=a.yaml,instance=x,flow=f,main=com.acme.Etl")));
    }

    private static String stderrOf(Runnable action) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
