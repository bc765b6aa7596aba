package dev.dag.it.cache.model;

import dev.dag.RunOptions;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A selected run made after an edit, before the full run: {@code withStages} of some stages, or {@code withTasks}
 * of some tasks (by task name, as a user selects them).
 */
record Selection(boolean byStage, List<String> names) {
    Selection {
        names = List.copyOf(names);
    }

    boolean selects(TaskSpec task) {
        return names.contains(byStage ? FlowSpec.stageName(task.stage()) : task.name());
    }

    /** {@code withTasks} forces the tasks it names and commits nothing. */
    boolean forces() {
        return !byStage;
    }

    /** The stages the run commits: the selected ones before {@code failedStage} (all of them when it is -1). */
    Set<String> committedStages(int failedStage) {
        return byStage ? names.stream().filter(stage -> failedStage < 0 || stageIndex(stage) < failedStage)
                .collect(Collectors.toSet()) : Set.of();
    }

    private static int stageIndex(String stage) {
        int index = 0;
        while (!FlowSpec.stageName(index).equals(stage)) {
            index++;
        }
        return index;
    }

    RunOptions applyTo(RunOptions options) {
        String[] selected = names.toArray(String[]::new);
        return byStage ? options.withStages(selected) : options.withTasks(selected);
    }

    @Override
    public String toString() {
        return names.stream().map(name -> "\"" + name + "\"")
                .collect(Collectors.joining(", ", byStage ? "withStages(" : "withTasks(", ")"));
    }
}
