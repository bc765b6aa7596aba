package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.store.meta.RunHistory;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dag report RUN}: the HTML report of a stored run. */
@Command(name = "report", description = "Writes the HTML report of a stored run (one self-contained page: the graph, "
        + "each task's reason, rows and time, the tables with their SQL and call sites).")
final class ReportCommand extends InstanceCommand {
    @Parameters(paramLabel = "RUN", description = "a run id, or a unique beginning of one")
    String runId;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "where to write it (default: "
            + "dag-report-<run>.html)")
    Path out;

    @Override
    int call(InstanceAdmin admin, Output output) {
        RunHistory.PastRun run = admin.run(runId);
        Path file = out != null ? out : Path.of("dag-report-" + run.runId() + ".html");
        admin.writeReport(run, file);
        if (output.json()) {
            output.json(Output.fields("run", run.runId(), "report", file.toAbsolutePath().toString()));
        } else {
            output.line("wrote the report of run " + run.runId() + " to " + file);
        }
        return ExitCodes.DONE;
    }
}
