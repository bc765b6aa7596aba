package dev.dag.cli;

import dev.dag.internal.admin.GcPlan;
import dev.dag.internal.admin.InstanceAdmin;
import java.time.Duration;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code dag gc}: drops what no stage version uses and forgets old runs. */
@Command(name = "gc", description = "Drops the physical tables no stage version uses (replaced ones not dropped yet, "
        + "what failed or killed runs wrote) and forgets the records of runs older than the retention. Never touches "
        + "a published table, nor the run that committed a stage.")
final class GcCommand extends InstanceCommand {
    @Option(names = "--dry-run", description = "list what would be dropped and forgotten; change nothing")
    boolean dryRun;

    @Option(names = "--keep-days", defaultValue = "30", paramLabel = "DAYS",
            description = "keep the records of runs younger than this (default: ${DEFAULT-VALUE})")
    int keepDays;

    @Override
    int call(InstanceAdmin admin, Output output) {
        if (keepDays < 0) {
            throw new ParameterException(spec.commandLine(), "--keep-days must be 0 or more");
        }
        GcPlan gc = admin.gc(Duration.ofDays(keepDays), dryRun);
        if (output.json()) {
            output.json(Output.fields("dryRun", dryRun, "keepDays", keepDays, "leftovers", gc.leftovers(),
                    "runs", gc.runs()));
            return ExitCodes.DONE;
        }
        output.line((dryRun ? "would drop " : "dropped ") + gc.leftovers().size() + " leftover objects and "
                + (dryRun ? "would forget " : "forgot ") + gc.runs().size() + " runs older than " + keepDays
                + " days in " + admin.instance());
        if (!gc.leftovers().isEmpty()) {
            output.table(new String[] {"stage", "name", "kind", "state", "physical", "run"}, gc.leftovers().stream()
                    .map(left -> new String[] {left.stage(), left.name(), left.kind(), left.state(),
                            left.physicalName(), left.runId()}).toList(), Set.of());
        }
        if (!gc.runs().isEmpty()) {
            output.table(new String[] {"run", "flow", "started", "status"}, gc.runs().stream()
                    .map(run -> new String[] {run.runId(), run.flow(), Output.time(run.startedAt()), run.status()})
                    .toList(), Set.of());
        }
        return ExitCodes.DONE;
    }
}
