package dev.dag.internal.engine.plan;

import dev.dag.Plan;
import dev.dag.PlannedTask;
import java.util.List;
import java.util.Optional;

/** The {@link Plan} of a flow. */
final class FlowPlan implements Plan {
    private final String flowName;
    private final String instance;
    private final List<PlannedTask> tasks;

    FlowPlan(String flowName, String instance, List<PlannedTask> tasks) {
        this.flowName = flowName;
        this.instance = instance;
        this.tasks = List.copyOf(tasks);
    }

    @Override
    public String flowName() {
        return flowName;
    }

    @Override
    public String instance() {
        return instance;
    }

    @Override
    public List<PlannedTask> tasks() {
        return tasks;
    }

    @Override
    public Optional<PlannedTask> task(String name) {
        return tasks.stream().filter(task -> task.task().equals(name)).findFirst();
    }

    @Override
    public String summary() {
        return PlanFormatter.format(this);
    }

    @Override
    public String toString() {
        return summary();
    }
}
