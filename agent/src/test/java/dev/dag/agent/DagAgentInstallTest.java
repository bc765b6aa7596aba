package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.agent.internal.AgentInstaller;
import org.junit.jupiter.api.Test;

class DagAgentInstallTest {

    @Test
    void installIsIdempotent() {
        DagAgent.install();
        String marker = System.getProperty("dev.dag.agent.installed");

        assertDoesNotThrow(DagAgent::install);

        assertTrue(AgentInstaller.isInstalled());
        assertNotNull(marker, "dag-api learns of the agent through this property");
        assertTrue(marker.equals(System.getProperty("dev.dag.agent.installed")), "a second install changes nothing");
    }

    @Test
    void flowCanBeDefinedOnceTheAgentIsInstalled() {
        DagAgent.install();

        assertDoesNotThrow(() -> {
            try (Flow flow = new Flow("empty")) {
                assertTrue(flow.stages().isEmpty());
            }
        });
    }
}
