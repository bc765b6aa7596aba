package dev.dag.cli;

import dev.dag.CacheValidationMode;
import dev.dag.ConfigContext;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.RunOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code dag plan --flow com.acme.Flows#orders}: what a run of the flow would do, writing nothing. */
@Command(name = "plan", description = "What a run of a flow would do, writing nothing: for each task whether it would "
        + "run and why, and the tables kept or rebuilt. Defines the flow in this JVM (attaching the dag agent).")
final class PlanCommand implements Callable<Integer> {
    @ParentCommand
    DagCli dag;

    @Spec
    CommandSpec spec;

    @Option(names = "--flow", required = true, paramLabel = "CLASS#METHOD",
            description = "the static method without parameters that defines the flow (returns a Flow, or an object "
                    + "whose flow() does), e.g. dev.dag.examples.OrdersFlow#define")
    String flow;

    @Option(names = "--classpath", paramLabel = "PATHS", description = "the project's classes and libraries, "
            + "separated by the path separator (folders, jars, folder/* for its jars)")
    String classpath;

    @Option(names = "--stages", split = ",", paramLabel = "STAGE", description = "plan a run of these stages only")
    List<String> stages = List.of();

    @Option(names = "--tasks", split = ",", paramLabel = "TASK", description = "plan a run of these tasks only")
    List<String> tasks = List.of();

    @Option(names = "--mode", paramLabel = "MODE", description = "cache validation mode: ${COMPLETION-CANDIDATES}")
    CacheValidationMode mode = CacheValidationMode.NORMAL;

    @Option(names = "--report", paramLabel = "FILE", description = "also write the plan as an HTML page")
    Path report;

    @Option(names = "--detailed-exitcode", description = "exit with 5 when a task would run or is unknown, 0 when "
            + "every task is cache-valid")
    boolean detailedExitCode;

    @Override
    public Integer call() {
        ConfigContext config = dag.configContext();
        try {
            Plan plan = FlowLoader.withFlow(flow, classpath, defined -> defined.plan(RunOptions.of(config)
                    .withStages(stages.toArray(String[]::new)).withTasks(tasks.toArray(String[]::new))
                    .withCacheValidation(mode)));
            Output output = dag.output(spec);
            if (output.json()) {
                output.json(Output.fields("flow", plan.flowName(), "instance", plan.instance(), "tasks", plan.tasks()));
            } else {
                output.line(plan.summary().stripTrailing());
            }
            if (report != null) {
                plan.writeReport(report);
            }
            boolean work = plan.tasks().stream().anyMatch(task -> task.decision() == PlannedTask.Decision.RUN
                    || task.decision() == PlannedTask.Decision.UNKNOWN || task.decision() == PlannedTask.Decision.FAIL);
            return detailedExitCode && work ? ExitCodes.WOULD_RUN : ExitCodes.DONE;
        } finally {
            config.close();
        }
    }
}
