package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.cache.RunHistory;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code dag report RUN}: the HTML report of a stored run. */
@Command(name = "report", description = "Writes the HTML report of a stored run (one self-contained page: the graph, "
        + "each task's reason, rows and time, the tables with their SQL and call sites).")
final class ReportCommand implements Callable<Integer> {
    @ParentCommand
    DagCli dag;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RUN", description = "a run id, or a unique beginning of one")
    String runId;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "where to write it (default: "
            + "dag-report-<run>.html)")
    Path out;

    @Override
    public Integer call() {
        InstanceAdmin admin = dag.admin();
        try {
            RunHistory.Run run = admin.run(runId);
            Path file = out != null ? out : Path.of("dag-report-" + run.runId() + ".html");
            admin.writeReport(run, file);
            Output output = dag.output(spec);
            if (output.json()) {
                output.json(Output.fields("run", run.runId(), "report", file.toAbsolutePath().toString()));
            } else {
                output.line("wrote the report of run " + run.runId() + " to " + file);
            }
            return ExitCodes.DONE;
        } finally {
            admin.close();
        }
    }
}
