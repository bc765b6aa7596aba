package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.store.meta.RunHistory;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dag runs}: the latest runs, newest first. */
@Command(name = "runs", description = "The latest runs, newest first: id, flow, start, duration and status.")
final class RunsCommand extends InstanceCommand {
    @Option(names = {"-n", "--limit"}, defaultValue = "20", description = "at most this many runs (default: "
            + "${DEFAULT-VALUE})")
    int limit;

    @Override
    int call(InstanceAdmin admin, Output output) {
        List<RunHistory.PastRun> runs = admin.runs(limit);
        if (output.json()) {
            output.json(runs);
            return ExitCodes.DONE;
        }
        output.table(new String[] {"run", "flow", "started", "ms", "status"}, runs.stream()
                .map(run -> new String[] {run.runId(), run.flow(), Output.time(run.startedAt()), millis(run),
                        run.status()}).toList(), Set.of(3));
        return ExitCodes.DONE;
    }

    /** "36b6946136 of flow 'orders', succeeded, started ..., took ... ms". */
    static String describe(RunHistory.PastRun run) {
        return run.runId() + " of flow '" + run.flow() + "', " + run.status() + ", started "
                + Output.time(run.startedAt()) + ", took " + millis(run) + " ms";
    }

    private static String millis(RunHistory.PastRun run) {
        return run.finishedAt() == null ? "-"
                : Output.number(Duration.between(run.startedAt(), run.finishedAt()).toMillis());
    }
}
