package dev.dag.cli;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import dev.dag.DagException;
import dev.dag.internal.admin.InstanceAdmin;
import dev.dag.internal.admin.NotFound;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code dag}, the command line over one instance: look at its stages and runs, explain a task, plan a flow, and
 * keep it tidy. Run it as {@code java -jar cli/target/dag-cli.jar <command>}.
 */
@Command(name = "dag", mixinStandardHelpOptions = true, version = "dag 0.1.0",
        description = "Looks at and steers one dag instance (a DuckDB file or a PostgreSQL database).",
        subcommands = {StatusCommand.class, RunsCommand.class, ShowCommand.class, ExplainCommand.class,
                PlanCommand.class, OutputCommand.class, GcCommand.class, DropStageCommand.class, ResetCommand.class,
                ReportCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:failed (database, file, configuration)", "2:bad arguments",
                "3:not found (run, stage, task, report)", "4:refused (no confirmation)",
                "5:plan --detailed-exitcode: some task would run or is unknown"})
public final class DagCli {
    @Option(names = {"-c", "--config"}, scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "dag.yaml with the instance (default: ./dag.yaml when it exists, else ./dag.duckdb)")
    Path config;

    @Option(names = {"-i", "--instance"}, scope = ScopeType.INHERIT, defaultValue = "default", paramLabel = "NAME",
            description = "instance of the config file (default: ${DEFAULT-VALUE})")
    String instance;

    @Option(names = "--duckdb", scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "a DuckDB file instead of a config file")
    Path duckdb;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "print JSON instead of text")
    boolean json;

    /** Runs the command line and exits with its exit code. */
    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line; returns its exit code. */
    static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine line = new CommandLine(new DagCli());
        line.setOut(out);
        line.setErr(err);
        line.setExecutionExceptionHandler((e, command, parsed) -> {
            command.getErr().println("dag: " + e.getMessage());
            if (!(e instanceof DagException) && !(e instanceof java.io.UncheckedIOException)) {
                e.printStackTrace(command.getErr()); // dag's own failure: its frames help a bug report
            }
            return exitCodeOf(e);
        });
        return line.execute(args);
    }

    private static int exitCodeOf(Exception e) {
        if (e instanceof NotFound) {
            return ExitCodes.NOT_FOUND;
        }
        if (e instanceof Confirmation.Refused) {
            return ExitCodes.REFUSED;
        }
        return ExitCodes.FAILED;
    }

    /** The instance the options name. */
    ConfigContext configContext() {
        if (duckdb != null && config != null) {
            throw new ConfigException("Give either --duckdb or --config, not both.", null);
        }
        if (duckdb != null) {
            return ConfigContext.duckdb(duckdb);
        }
        if (config != null) {
            return ConfigContext.load(config.toString(), instance);
        }
        if (Files.exists(Path.of("dag.yaml"))) {
            return ConfigContext.load("dag.yaml", instance);
        }
        return ConfigContext.duckdb(Path.of(ConfigContext.DEFAULT_DUCKDB_FILE));
    }

    /** The instance, opened for looking and upkeep (creating nothing). */
    InstanceAdmin admin() {
        return InstanceAdmin.open(configContext());
    }

    /** Where commands print. */
    Output output(CommandLine.Model.CommandSpec spec) {
        return new Output(spec.commandLine().getOut(), json);
    }
}
