package dev.dag.it.support;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Table;
import java.lang.management.ManagementFactory;

/**
 * Started by {@code AgentMissingIT} in a child JVM without {@code -javaagent}: calls a task plainly, then
 * defines a flow, and prints what happened as {@code key=value} lines on stdout.
 */
public final class FlowWithoutAgent {
    private static int bodies;

    private FlowWithoutAgent() {
    }

    @Materialize(version = "1")
    static Table load() {
        bodies++;
        return Table.of("SELECT 1 AS a").name("load");
    }

    public static void main(String[] args) {
        System.out.println("agentProperty=" + System.getProperty("dev.dag.agent.installed"));
        System.out.println("jvmArgs=" + ManagementFactory.getRuntimeMXBean().getInputArguments());
        Table plain = load();
        System.out.println("plainBodies=" + bodies);
        System.out.println("plainObj=" + plain.obj());
        int line = StackWalker.getInstance().walk(frames -> frames.findFirst()).orElseThrow().getLineNumber() + 2;
        try {
            Flow flow = new Flow("no_agent");
            flow.close();
            System.out.println("type=none");
        } catch (DagException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("type=" + e.getClass().getName());
            System.out.println("message=" + e.getMessage().replace('\n', ' '));
            System.out.println("top=" + top.getClassName() + "." + top.getMethodName() + ":" + top.getLineNumber());
            System.out.println("expectedTop=" + FlowWithoutAgent.class.getName() + ".main:" + line);
        }
    }
}
