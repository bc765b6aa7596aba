package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.it.support.FlowWithoutAgent;
import dev.dag.it.support.ScratchFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Without the agent, task calls would run at once instead of being recorded, so defining a flow is
 * refused with a message saying how to attach the agent. Proven in a child JVM started without
 * {@code -javaagent} (this test's own JVM has it), running {@link FlowWithoutAgent}.
 */
class AgentMissingIT {
    private static Map<String, String> child;

    @BeforeAll
    static void runChildJvm() throws IOException, InterruptedException {
        child = runWithoutAgent();
    }

    /**
     * Runs {@link FlowWithoutAgent} in a JVM without the agent, its temporary files in a {@link ScratchFolder}, and
     * returns its {@code key=value} lines.
     */
    private static Map<String, String> runWithoutAgent() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String output;
        try (ScratchFolder tmp = ScratchFolder.create("dag-no-agent-")) {
            ProcessBuilder builder = tmp.asTmpdirOf(new ProcessBuilder(List.of(java.toString(), tmp.javaTmpdirOption(),
                    "-cp", System.getProperty("java.class.path"), FlowWithoutAgent.class.getName())))
                    .redirectErrorStream(true);
            builder.environment().remove("JAVA_TOOL_OPTIONS");
            builder.environment().remove("JDK_JAVA_OPTIONS");
            Process process = builder.start();
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "child JVM did not end: " + output);
            assertEquals(0, process.exitValue(), "child JVM failed:\n" + output);
        }
        Map<String, String> values = new LinkedHashMap<>();
        output.lines().filter(line -> line.contains("=")).forEach(line -> {
            int at = line.indexOf('=');
            values.putIfAbsent(line.substring(0, at), line.substring(at + 1));
        });
        values.put("output", output);
        return values;
    }

    @Test
    void flowDefinedWithoutTheAgentIsRefusedWithHowToAttachIt() {
        String message = child.getOrDefault("message", "");
        assertAll(
                () -> assertEquals("null", child.get("agentProperty"), child.get("output")),
                () -> assertFalse(child.get("jvmArgs").contains("-javaagent"), child.get("jvmArgs")),
                () -> assertEquals(DefinitionException.class.getName(), child.get("type"), child.get("output")),
                () -> assertTrue(message.contains("'no_agent'") && message.contains("-javaagent:")
                        && message.contains("DagAgent.install()"), message),
                () -> assertEquals(child.get("expectedTop"), child.get("top"), "top frame: the line of new Flow(...)"));
    }

    @Test
    void taskCalledWithoutTheAgentRunsAsPlainJava() {
        assertEquals("1", child.get("plainBodies"), child.get("output"));
        assertEquals("SELECT 1 AS a", child.get("plainObj"));
    }
}
