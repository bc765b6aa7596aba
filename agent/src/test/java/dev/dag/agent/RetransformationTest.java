package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Stage;
import dev.dag.Table;
import example.tasks.LoadedBeforeInstall;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Self-attach in tests happens after the task classes are loaded, so install must retransform them. This
 * class runs first of the agent tests (see junit-platform.properties): the agent is installed once per JVM.
 */
@Order(1)
class RetransformationTest {

    @Test
    void taskClassLoadedBeforeInstallIsRetransformed() {
        assertNull(System.getProperty("dev.dag.agent.installed"),
                "precondition: no test installed the agent before this one");

        Table plain = LoadedBeforeInstall.early(); // loads the class and runs the body: no agent yet
        assertEquals(1, LoadedBeforeInstall.RUNS.get());
        assertEquals("SELECT 1 AS a", plain.obj());

        DagAgent.install();

        Flow flow = new Flow("early");
        Table recorded;
        try (flow) {
            try (Stage stage = new Stage("first")) {
                recorded = LoadedBeforeInstall.early();
            }
        }
        assertEquals(1, LoadedBeforeInstall.RUNS.get(), "the body must not run while the flow is defined");
        assertThrows(DefinitionException.class, recorded::obj);
    }
}
