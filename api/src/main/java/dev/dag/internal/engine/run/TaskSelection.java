package dev.dag.internal.engine.run;

import dev.dag.RunOptions;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which calls of a flow a run with {@link RunOptions#withStages} or {@link RunOptions#withTasks} runs, and which of
 * the others it must read from the cache: those whose outputs a selected call reads, directly or through other
 * calls left out. The rest need not have any committed output.
 */
final class TaskSelection {
    private final FlowDefinition flow;
    private final RunOptions options;
    /** Each call left out that must be read, with a selected call that reads it. */
    private final Map<TaskInvocation, TaskInvocation> readBy = new IdentityHashMap<>();

    TaskSelection(FlowDefinition flow, RunOptions options) {
        this.flow = flow;
        this.options = options;
        flow.stages().forEach(stage -> stage.invocations().stream().filter(this::runs).forEach(this::markInputs));
    }

    /** Whether {@code invocation} runs (every call, when the options select nothing). */
    boolean runs(TaskInvocation invocation) {
        return runs(invocation.stage()) && (options.tasks().isEmpty()
                || options.tasks().contains(invocation.taskName()));
    }

    /** Whether the tasks of {@code stage} may run (it is selected, or no stage is). */
    boolean runs(StageDefinition stage) {
        return options.stages().isEmpty() || options.stages().contains(stage.name());
    }

    /** A selected call that reads the outputs of {@code invocation}, which does not run; null when none does. */
    TaskInvocation readerOf(TaskInvocation invocation) {
        return readBy.get(invocation);
    }

    /** What to select so that {@code missing} runs too, e.g. {@code withStages("raw", "clean")}. */
    String including(TaskInvocation missing) {
        Set<String> names = new LinkedHashSet<>();
        if (!options.tasks().isEmpty()) {
            names.addAll(options.tasks());
            names.add(missing.taskName());
            return "RunOptions.withTasks(" + quoted(names) + ")";
        }
        for (StageDefinition stage : flow.stages()) {
            if (options.stages().contains(stage.name()) || stage == missing.stage()) {
                names.add(stage.name());
            }
        }
        return "RunOptions.withStages(" + quoted(names) + ")";
    }

    private void markInputs(TaskInvocation reader) {
        Deque<TaskInvocation> inputs = new ArrayDeque<>(reader.upstream());
        while (!inputs.isEmpty()) {
            TaskInvocation input = inputs.pop();
            if (!runs(input) && readBy.putIfAbsent(input, reader) == null) {
                inputs.addAll(input.upstream());
            }
        }
    }

    private static String quoted(Set<String> names) {
        return names.stream().map(name -> "\"" + name + "\"").collect(Collectors.joining(", "));
    }
}
