package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.admin.TaskExplanation;
import dev.dag.internal.store.meta.RunHistory;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/** {@code dag explain STAGE.TASK}: the parts of a task's committed cache key, and why it last ran. */
@Command(name = "explain", description = "The parts of a task's committed cache key (version, code, arguments, "
        + "inputs, object, source fingerprint), its tables, and its latest runs with their reasons.")
final class ExplainCommand extends InstanceCommand {
    @Parameters(paramLabel = "STAGE.TASK", description = "the task, e.g. clean.orders")
    String task;

    @Override
    int call(InstanceAdmin admin, Output output) {
        int dot = task.indexOf('.');
        if (dot <= 0 || dot == task.length() - 1) {
            throw new ParameterException(spec.commandLine(), "'" + task + "' is not STAGE.TASK (e.g. clean.orders)");
        }
        TaskExplanation explanation = admin.explain(task.substring(0, dot), task.substring(dot + 1));
        if (output.json()) {
            output.json(explanation);
        } else {
            print(explanation, output);
        }
        return ExitCodes.DONE;
    }

    private static void print(TaskExplanation explanation, Output output) {
        output.line(explanation.stage() + "." + explanation.task() + ": " + explanation.entries().size()
                + " committed cache " + (explanation.entries().size() == 1 ? "entry" : "entries"));
        for (TaskExplanation.Entry entry : explanation.entries()) {
            output.line("  call " + entry.ordinal() + ", key " + entry.key());
            output.line("    method     " + entry.method());
            output.line("    version    " + (entry.version().isEmpty() ? "(none)" : entry.version())
                    + (entry.fingerprint().isEmpty() ? "" : ", code " + entry.fingerprint()));
            entry.arguments().forEach((position, value) -> output.line(String.format("    %-10s ", "argument "
                    + Integer.parseInt(position)) + value));
            if (!entry.receiver().isEmpty()) {
                output.line("    object     " + entry.receiver());
            }
            if (entry.freshness() != null) {
                output.line("    source     " + entry.freshness());
            }
            for (TaskExplanation.Output table : entry.outputs()) {
                output.line(String.format("    %-10s ", table.kind()) + table.name() + " (" + table.physicalName()
                        + (table.rows() >= 0 && table.kind().equals("table") ? ", " + Output.number(table.rows())
                        + " rows" : "") + ")");
            }
        }
        List<RunHistory.TaskRunOf> runs = explanation.runs();
        output.line(runs.isEmpty() ? "  no run of it is kept" : "  latest runs");
        runs.forEach(run -> output.line("    " + run.runId() + "  " + Output.time(run.finishedAt()) + "  "
                + run.outcome() + ": " + run.reason()));
    }
}
