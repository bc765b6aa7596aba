package dev.dag.internal.engine.schedule;

import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A flow's task calls as the schedule sees them, numbered in definition order (which is a dependency order):
 * each call's stage, the calls whose outputs it reads, and the call of the same task before it in its stage
 * (repeated calls of a task are told apart by the order in which they start).
 */
final class TaskGraph {
    private final List<StageDefinition> stages;
    private final List<TaskInvocation> tasks = new ArrayList<>();
    private final int[] stageOf;
    private final int[][] upstream;
    private final int[] previousCall;
    private final int[] firstOfStage;

    TaskGraph(FlowDefinition flow) {
        this.stages = flow.stages();
        this.firstOfStage = new int[stages.size() + 1];
        for (int stage = 0; stage < stages.size(); stage++) {
            firstOfStage[stage] = tasks.size();
            tasks.addAll(stages.get(stage).invocations());
        }
        firstOfStage[stages.size()] = tasks.size();
        Map<TaskInvocation, Integer> index = new IdentityHashMap<>();
        stageOf = new int[tasks.size()];
        previousCall = new int[tasks.size()];
        upstream = new int[tasks.size()][];
        for (int stage = 0; stage < stages.size(); stage++) {
            Map<String, Integer> lastCall = new HashMap<>();
            for (int task = firstOfStage[stage]; task < firstOfStage[stage + 1]; task++) {
                TaskInvocation invocation = tasks.get(task);
                index.put(invocation, task);
                stageOf[task] = stage;
                Integer previous = lastCall.put(invocation.taskName(), task);
                previousCall[task] = previous == null ? -1 : previous;
                upstream[task] = invocation.upstream().stream()
                        .mapToInt(producer -> indexOf(index, producer, invocation)).toArray();
            }
        }
    }

    /** Producers come earlier in definition order: a call is recorded after the calls whose outputs it takes. */
    private static int indexOf(Map<TaskInvocation, Integer> index, TaskInvocation producer, TaskInvocation consumer) {
        Integer found = index.get(producer);
        if (found == null) {
            throw new IllegalStateException("dag bug: " + consumer + " reads " + producer + ", which is not earlier "
                    + "in the flow");
        }
        return found;
    }

    int taskCount() {
        return tasks.size();
    }

    int stageCount() {
        return stages.size();
    }

    TaskInvocation task(int task) {
        return tasks.get(task);
    }

    StageDefinition stage(int stage) {
        return stages.get(stage);
    }

    int stageOf(int task) {
        return stageOf[task];
    }

    /** The calls whose outputs {@code task} reads. */
    int[] upstream(int task) {
        return upstream[task];
    }

    /** The call of the same task before {@code task} in its stage, or -1. */
    int previousCall(int task) {
        return previousCall[task];
    }

    /** The first task of {@code stage}; its tasks end before the first task of the next stage. */
    int firstOf(int stage) {
        return firstOfStage[stage];
    }
}
