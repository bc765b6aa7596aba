package dev.dag.internal.engine.plan;

import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.report.HtmlReport;
import dev.dag.internal.engine.report.ReportBuilder;
import dev.dag.internal.engine.report.RunReport;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The {@link Plan} of a flow. */
final class FlowPlan implements Plan {
    private final String flowName;
    private final String instance;
    private final List<PlannedTask> tasks;
    private final RunReport report;

    FlowPlan(FlowDefinition flow, String instance, List<PlannedTask> tasks, String runId) {
        this.flowName = flow.name();
        this.instance = instance;
        this.tasks = List.copyOf(tasks);
        this.report = ReportBuilder.ofPlan(flow, this, runId, Instant.now());
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
    public void writeReport(Path file) {
        HtmlReport.write(report, file);
    }

    @Override
    public String toString() {
        return summary();
    }
}
