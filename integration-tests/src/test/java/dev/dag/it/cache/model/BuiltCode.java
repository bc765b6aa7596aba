package dev.dag.it.cache.model;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The code each manually versioned task last executed with. dag keeps such a task's tables while its version is
 * unchanged, even when its code changed (documented: it warns instead), so a clean run comparable to an incremental
 * one must run that code: the "effective" flow.
 */
final class BuiltCode {
    private final Map<String, TaskSpec> built = new HashMap<>();

    /** Notes the code of every versioned task whose body executed in the run of {@code flow}. */
    void record(FlowSpec flow, Set<String> executed) {
        for (TaskSpec task : flow.tasks()) {
            if (task.kind() == TaskKind.VERSIONED && executed.contains(task.name())) {
                built.put(task.name(), task);
            }
        }
    }

    /** {@code flow} with each versioned task's body as it was when its stored table was built. */
    FlowSpec effective(FlowSpec flow) {
        FlowSpec effective = flow;
        for (TaskSpec task : flow.tasks()) {
            TaskSpec code = built.get(task.name());
            if (task.kind() == TaskKind.VERSIONED && code != null) {
                effective = effective.with(task.withBodyOf(code));
            }
        }
        return effective;
    }
}
