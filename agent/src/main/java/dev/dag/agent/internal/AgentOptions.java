package dev.dag.agent.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's options: {@code -javaagent:dag-agent.jar=config=dag.yaml,instance=default,flow=nightly}.
 * <ul>
 * <li>{@code config}: a {@code dag.yaml}; its {@code instances:} give the database, its {@code tasks:} declare
 * existing methods as tasks;</li>
 * <li>{@code instance}: the instance of {@code config} to use (default {@code default});</li>
 * <li>{@code flow}: open a run of this name around the application's {@code main};</li>
 * <li>{@code main}: the main class, when it cannot be read from the command line.</li>
 * </ul>
 */
record AgentOptions(Map<String, String> values) {
    /** Every option the agent understands, in the order the docs list them. */
    private static final List<String> KNOWN = List.of("config", "instance", "flow", "main");

    /**
     * Parses the options; a malformed or unknown part is reported on stderr and ignored, so that a typo is
     * seen at once while the application still runs (the agent never fails the host).
     */
    static AgentOptions parse(String text) {
        Map<String, String> values = new HashMap<>();
        if (text != null) {
            for (String part : text.split(",")) {
                int equals = part.indexOf('=');
                String key = equals > 0 ? part.substring(0, equals).trim() : "";
                if (equals > 0 && !KNOWN.contains(key)) {
                    AgentLog.warn("unknown option '" + key + "'; known: " + String.join(", ", KNOWN), null);
                } else if (equals > 0) {
                    values.put(key, part.substring(equals + 1).trim());
                } else if (!part.isBlank()) {
                    AgentLog.warn("ignoring agent option '" + part + "' (expected key=value)", null);
                }
            }
        }
        return new AgentOptions(Map.copyOf(values));
    }

    String config() {
        return values.get("config");
    }

    /** Whether a run must be opened around {@code main}. */
    boolean opensMainRun() {
        return values.containsKey("flow");
    }

    String mainClass() {
        return values.get("main");
    }

    /**
     * The run to open around {@code main}, as the bridge's {@code openMainRun} takes it: config file (empty
     * for the default instance), instance and flow name, separated by NUL. The options are understood here
     * only, with their defaults applied; the bridge does not parse them again.
     */
    String mainRun() {
        return String.join("\0", values.getOrDefault("config", ""), values.getOrDefault("instance", "default"),
                values.getOrDefault("flow", "main"));
    }
}
