package dev.dag.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
