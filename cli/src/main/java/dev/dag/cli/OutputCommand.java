package dev.dag.cli;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.RunOptions;
import dev.dag.StoredOutputs;
import dev.dag.TableRef;
import dev.dag.TaskCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code dag output --flow com.acme.Flows#orders clean.bigOrders}: a task's committed output, running nothing. */
@Command(name = "output", description = "The committed output of a task of a flow (its rows, or with --ref its "
        + "physical table), read without running anything; refused when the flow as defined now would rerun the task. "
        + "Defines the flow in this JVM (attaching the dag agent).")
final class OutputCommand implements Callable<Integer> {
    @ParentCommand
    DagCli dag;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "STAGE.TASK", description = "the task, e.g. clean.bigOrders")
    String task;

    @Option(names = "--flow", required = true, paramLabel = "CLASS#METHOD",
            description = "the static method without parameters that defines the flow (returns a Flow, or an object "
                    + "whose flow() does), e.g. dev.dag.examples.OrdersFlow#define")
    String flow;

    @Option(names = "--classpath", paramLabel = "PATHS", description = "the project's classes and libraries, "
            + "separated by the path separator (folders, jars, folder/* for its jars)")
    String classpath;

    @Option(names = "--call", paramLabel = "N", description = "which call of the task in its stage, from 0 (default 0)")
    int callIndex;

    @Option(names = "--ref", description = "print the committed physical table instead of its rows")
    boolean ref;

    @Option(names = "--limit", paramLabel = "ROWS", description = "print at most this many rows (default 20)")
    int limit = 20;

    @Override
    public Integer call() {
        int dot = task.indexOf('.');
        if (dot <= 0 || dot == task.length() - 1) {
            throw new ParameterException(spec.commandLine(), "'" + task + "' is not STAGE.TASK (e.g. clean.bigOrders)");
        }
        ConfigContext config = dag.configContext();
        try {
            Output output = dag.output(spec);
            FlowLoader.withFlow(flow, classpath, defined -> {
                print(defined, task.substring(0, dot), task.substring(dot + 1), config, output);
                return null;
            });
            return ExitCodes.DONE;
        } finally {
            config.close();
        }
    }

    private void print(Flow defined, String stage, String name, ConfigContext config, Output output) {
        TaskCall found = defined.stage(stage).task(name).calls().get(callIndex);
        StoredOutputs stored = defined.outputsFromStore(RunOptions.of(config));
        if (ref) {
            TableRef table = stored.get(found, TableRef.class);
            if (output.json()) {
                output.json(Output.fields("task", task, "table", table.toString()));
            } else {
                output.line(table.toString());
            }
            return;
        }
        List<Map> rows = stored.rows(found, Map.class);
        List<Map> shown = rows.subList(0, Math.min(limit, rows.size()));
        if (output.json()) {
            output.json(Output.fields("task", task, "rows", shown, "total", rows.size()));
            return;
        }
        if (rows.isEmpty()) {
            output.line("(no rows)");
            return;
        }
        List<String> columns = new ArrayList<>(((Map<?, ?>) rows.get(0)).keySet().stream().map(String::valueOf)
                .toList());
        List<String[]> lines = new ArrayList<>();
        for (Map<?, ?> row : shown) {
            lines.add(columns.stream().map(column -> String.valueOf(row.get(column))).toArray(String[]::new));
        }
        output.table(columns.toArray(String[]::new), lines, Set.of());
        if (rows.size() > shown.size()) {
            output.line("(" + shown.size() + " of " + rows.size() + " rows)");
        }
    }
}
