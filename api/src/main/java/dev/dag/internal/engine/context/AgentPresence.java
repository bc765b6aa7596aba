package dev.dag.internal.engine.context;

import dev.dag.DefinitionException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the dag agent tells dag-api through system properties (it never calls dag-api): whether it is attached,
 * and which {@code tasks:} entries of its config matched no method.
 */
public final class AgentPresence {
    /** The property the agent sets to its version once its transformer is installed. */
    public static final String PROPERTY = "dev.dag.agent.installed";
    /**
     * The property in which the agent lists the {@code tasks:} entries of its config that matched no method so far:
     * one line per entry, {@code class<TAB>method pattern<TAB>whether a class of that name was loaded}.
     */
    public static final String UNMATCHED_TASKS_PROPERTY = "dev.dag.agent.unmatchedTasks";

    private AgentPresence() {
    }

    /** Whether the agent is attached to this JVM. */
    public static boolean attached() {
        return System.getProperty(PROPERTY) != null;
    }

    /**
     * @throws DefinitionException saying how to attach the agent, if it is not attached
     */
    public static void requireAttached(String flowName) {
        if (!attached()) {
            throw StackTraces.forUser(new DefinitionException("Flow '" + flowName + "' needs the dag agent, which "
                    + "is not attached to this JVM: without it, task calls would run at once instead of being "
                    + "recorded. Start java with -javaagent:/path/to/dag-agent.jar, or call "
                    + "dev.dag.agent.DagAgent.install() before defining the flow (in tests)."));
        }
    }

    /** A warning for each {@code tasks:} entry of the agent's config that matched no method so far. */
    public static List<String> unmatchedTaskEntries() {
        String listed = System.getProperty(UNMATCHED_TASKS_PROPERTY);
        if (listed == null || listed.isEmpty()) {
            return List.of();
        }
        List<String> warnings = new ArrayList<>();
        for (String line : listed.split("\n")) {
            String[] entry = line.split("\t", -1);
            if (entry.length == 3) {
                warnings.add(Boolean.parseBoolean(entry[2])
                        ? "tasks: entry class " + entry[0] + ", method '" + entry[1] + "' matched no method of that "
                                + "class: none of its methods is a task. Check the method name or pattern."
                        : "tasks: entry class " + entry[0] + ", method '" + entry[1] + "' matched nothing: no class "
                                + "of that name was loaded. Check the class name (the binary name, with $ before a "
                                + "nested class).");
            }
        }
        return warnings;
    }
}
