package dev.dag.bench.micro;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.internal.bridge.TaskBridge;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Per-call cost of a {@code @Materialize} method called as plain Java (no flow definition, no run). Run in
 * forks with the agent ({@link #task} is instrumented, {@link #plainTwin} is not) and without it ({@link #task}
 * uninstrumented); {@link dev.dag.bench.MicroBenchmarks} subtracts. The setup proves which case a fork is.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TaskCallBenchmark {
    int minQty = 3;

    @Setup
    public void setUp() {
        boolean agent = System.getProperty("dev.dag.agent.installed") != null;
        if (agent && !instrumented()) {
            throw new IllegalStateException("the agent is attached but TaskMethods.annotated is not instrumented");
        }
        if (TaskBridge.active()) {
            throw new IllegalStateException("a flow definition or run is still open: calls would not be plain");
        }
        System.out.println("TaskCallBenchmark fork: agent " + (agent ? "attached, task instrumented" : "not attached"));
    }

    /** Inside a flow definition an instrumented task call returns a placeholder, which has no content. */
    private static boolean instrumented() {
        Flow flow = new Flow("probe");
        Table output;
        try (flow; Stage stage = new Stage("probe")) {
            output = TaskMethods.annotated(1);
        }
        try {
            output.obj();
            return false;
        } catch (DefinitionException placeholder) {
            return true;
        }
    }

    /** The task method. */
    @Benchmark
    public Table task() {
        return TaskMethods.annotated(minQty);
    }

    /** Its unannotated twin. */
    @Benchmark
    public Table plainTwin() {
        return TaskMethods.plain(minQty);
    }
}
