package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.store.meta.RunHistory;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;

/** {@code dag status}: the instance's stages, the run that committed each, and the last run. */
@Command(name = "status", description = "Stages with their committed version (the run that committed it), tables and "
        + "rows, and the last run.")
final class StatusCommand extends InstanceCommand {
    @Override
    int call(InstanceAdmin admin, Output output) {
        List<InstanceAdmin.StageStatus> stages = admin.stages();
        List<RunHistory.PastRun> last = admin.runs(1);
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
    }
}
