package dev.dag.it.cache.model;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A generated flow: {@code stageCount} stages named s1, s2, ... and its tasks in call order, sorted by stage, so
 * that every task comes after the tasks whose outputs it takes.
 */
record FlowSpec(int stageCount, List<TaskSpec> tasks) {
    FlowSpec {
        tasks = List.copyOf(tasks);
        for (int i = 1; i < tasks.size(); i++) {
            if (tasks.get(i).stage() < tasks.get(i - 1).stage()) {
                throw new IllegalArgumentException("tasks out of stage order: " + tasks);
            }
        }
    }

    static String stageName(int stage) {
        return "s" + (stage + 1);
    }

    List<String> stageNames() {
        return IntStream.range(0, stageCount).mapToObj(FlowSpec::stageName).toList();
    }

    List<TaskSpec> tasksIn(int stage) {
        return tasks.stream().filter(task -> task.stage() == stage).toList();
    }

    int indexOf(String name) {
        for (int i = 0; i < tasks.size(); i++) {
            if (tasks.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no task " + name);
    }

    TaskSpec task(String name) {
        return tasks.get(indexOf(name));
    }

    /** The flow with {@code task} in place of the task of the same name. */
    FlowSpec with(TaskSpec task) {
        List<TaskSpec> next = new ArrayList<>(tasks);
        next.set(indexOf(task.name()), task);
        return new FlowSpec(stageCount, next);
    }

    /** The flow with task {@code name} taken out and put back at call position {@code position} in {@code stage}. */
    FlowSpec moved(String name, int stage, int position) {
        List<TaskSpec> next = new ArrayList<>(tasks);
        TaskSpec task = next.remove(indexOf(name));
        next.add(position, task.withStage(stage));
        return new FlowSpec(stageCount, next);
    }
}
