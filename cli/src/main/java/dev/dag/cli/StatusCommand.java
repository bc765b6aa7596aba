package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.cache.RunHistory;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code dag status}: the instance's stages, the run that committed each, and the last run. */
@Command(name = "status", description = "Stages with their committed version (the run that committed it), tables and "
        + "rows, and the last run.")
final class StatusCommand implements Callable<Integer> {
    @ParentCommand
    DagCli dag;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        InstanceAdmin admin = dag.admin();
        try {
            List<InstanceAdmin.StageStatus> stages = admin.stages();
            List<RunHistory.Run> last = admin.runs(1);
            Output output = dag.output(spec);
            if (output.json()) {
                output.json(Output.fields("instance", admin.instance(), "stages", stages, "lastRun",
                        last.isEmpty() ? null : last.get(0)));
                return ExitCodes.DONE;
            }
            output.line(admin.instance());
            if (!admin.exists()) {
                output.line("  nothing of dag here yet: no run has written to this instance");
                return ExitCodes.DONE;
            }
            output.table(new String[] {"stage", "committed by run", "at", "tables", "rows"}, stages.stream()
                    .map(stage -> new String[] {stage.stage(), stage.committedBy() == null ? "-" : stage.committedBy(),
                            Output.time(stage.committedAt()), Output.number(stage.tables()),
                            Output.number(stage.rows())}).toList(), Set.of(3, 4));
            last.forEach(run -> output.line("last run: " + RunsCommand.describe(run)));
            return ExitCodes.DONE;
        } finally {
            admin.close();
        }
    }
}
