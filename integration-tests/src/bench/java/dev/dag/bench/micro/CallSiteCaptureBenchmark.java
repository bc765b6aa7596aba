package dev.dag.bench.micro;

import dev.dag.Table;
import dev.dag.internal.bridge.TaskBridge;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of knowing the line of a {@code materialize()} call. The agent rewrites the call to pass its call site
 * as constants; {@link #bridgeNoRun} is that real path ({@code TaskBridge.materialize} with no run open, which
 * builds the {@link StackTraceElement} and returns the table). The alternatives a library without an agent
 * has: a {@link Throwable}'s stack trace, or a {@link StackWalker} walk to the caller. Every variant runs
 * {@code extraFrames} calls deeper than JMH's own stack, because the Throwable's cost grows with depth (a
 * task body inside a flow run sits 20 to 40 frames deep).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CallSiteCaptureBenchmark {
    private static final StackWalker WALKER = StackWalker.getInstance();

    @Param({"0", "30"})
    int extraFrames;

    String owner = "com.example.Tasks";
    String method = "clean";
    String file = "Tasks.java";
    int line = 42;
    Table table;

    @Setup
    public void setUp() {
        table = Table.of("SELECT 1 AS a");
        if (TaskBridge.active()) {
            throw new IllegalStateException("a dag run is open: bridgeNoRun would not measure the plain path");
        }
    }

    /** The constant call site alone, as the bridge builds it. */
    @Benchmark
    public Object constantSite() {
        return descend(extraFrames, 0);
    }

    /** The rewritten {@code table.materialize()} with no run open: the path every plain call takes. */
    @Benchmark
    public Object bridgeNoRun() {
        return descend(extraFrames, 1);
    }

    /** {@code new Throwable().getStackTrace()[1]}: the caller's frame, the classic way. */
    @Benchmark
    public Object throwable() {
        return descend(extraFrames, 2);
    }

    /** A {@link StackWalker} walk to the caller's frame, turned into a {@link StackTraceElement}. */
    @Benchmark
    public Object stackWalker() {
        return descend(extraFrames, 3);
    }

    private Object descend(int frames, int variant) {
        return frames > 0 ? descend(frames - 1, variant) : capture(variant);
    }

    private Object capture(int variant) {
        return switch (variant) {
            case 0 -> new StackTraceElement(owner, method, file, line);
            case 1 -> TaskBridge.materialize(table, owner, method, file, line);
            case 2 -> new Throwable().getStackTrace()[1];
            default -> WALKER.walk(frames -> frames.skip(1).findFirst()).orElseThrow().toStackTraceElement();
        };
    }
}
