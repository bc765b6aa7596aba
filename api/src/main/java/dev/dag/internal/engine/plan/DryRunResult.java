package dev.dag.internal.engine.plan;

import dev.dag.DefinitionException;
import dev.dag.Plan;
import dev.dag.Result;
import dev.dag.TaskResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What {@code flow.run(options.dryRun())} returns: the plan, and no tables to read. */
public final class DryRunResult implements Result {
    private final Plan plan;
    private final String runId;
    private final long millis;

    public DryRunResult(Plan plan, String runId, long millis) {
        this.plan = plan;
        this.runId = runId;
        this.millis = millis;
    }

    @Override
    public String flowName() {
        return plan.flowName();
    }

    @Override
    public String runId() {
        return runId;
    }

    /** A dry run succeeds when it could plan; the plan says which tasks would fail. */
    @Override
    public boolean successful() {
        return true;
    }

    @Override
    public List<TaskResult> tasks() {
        return List.of();
    }

    @Override
    public Optional<TaskResult> task(String name) {
        return Optional.empty();
    }

    /** A dry run warns of nothing: the plan's reasons say what a run would warn of. */
    @Override
    public List<String> warnings() {
        return List.of();
    }

    @Override
    public long millis() {
        return millis;
    }

    @Override
    public <T> T get(Object output, Class<T> type) {
        throw nothingWritten();
    }

    @Override
    public <R> List<R> rows(Object output, Class<R> rowType) {
        throw nothingWritten();
    }

    private DefinitionException nothingWritten() {
        return new DefinitionException("Run " + runId + " of flow '" + plan.flowName() + "' was a dry run "
                + "(RunOptions.dryRun()): it wrote nothing to read. Its plan is result.plan(); run without dryRun() "
                + "to write the tables.");
    }

    @Override
    public String summary() {
        return plan.summary();
    }

    @Override
    public void writeReport(Path file) {
        plan.writeReport(file);
    }

    @Override
    public Optional<Plan> plan() {
        return Optional.of(plan);
    }

    @Override
    public String toString() {
        return "Result(" + plan.flowName() + ", dry run " + runId + ")";
    }
}
