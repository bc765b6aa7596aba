package dev.dag.cli;

import dev.dag.internal.store.meta.RunLog;
import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.RunHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code dag show RUN}: the stored summary of a run, every task with its outcome and reason. */
@Command(name = "show", description = "The summary of a stored run: each task's outcome, rows, time and reason.")
final class ShowCommand extends InstanceCommand {
    @Parameters(paramLabel = "RUN", description = "a run id, or a unique beginning of one")
    String runId;

    @Override
    int call(InstanceAdmin admin, Output output) {
        RunHistory.PastRun run = admin.run(runId);
        List<RunLog.TaskRun> tasks = admin.taskRuns(run);
        if (output.json()) {
            output.json(Output.fields("run", run, "tasks", tasks));
            return ExitCodes.DONE;
        }
        output.line("Run " + RunsCommand.describe(run));
        List<String[]> rows = new ArrayList<>();
        String previousStage = null;
        for (RunLog.TaskRun task : tasks) {
            rows.add(new String[] {task.stage().equals(previousStage) ? "" : task.stage(), task.task(), task.outcome(),
                    Output.number(task.rows()), Output.number(task.millis()),
                    task.reason() == null ? "" : task.reason().replace('\n', ' ')});
            previousStage = task.stage();
        }
        output.table(new String[] {"stage", "task", "outcome", "rows", "ms", "reason"}, rows, Set.of(3, 4));
        return ExitCodes.DONE;
    }
}
