package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dag drop-stage STAGE}: drops a stage with its tables and cache. */
@Command(name = "drop-stage", description = "Drops a stage: its schema and views, its physical tables, its cache "
        + "entries and commits. Its next run rebuilds it. Asks first, unless --yes.")
final class DropStageCommand extends InstanceCommand {
    @Parameters(paramLabel = "STAGE", description = "the stage")
    String stage;

    @Option(names = {"-y", "--yes"}, description = "do not ask")
    boolean yes;

    @Override
    int call(InstanceAdmin admin, Output output) {
        Confirmation.require(yes, "Drop stage '" + stage + "' of " + admin.instance() + ", with its tables and cache?",
                output);
        admin.dropStage(stage);
        if (output.json()) {
            output.json(Output.fields("dropped", stage));
        } else {
            output.line("dropped stage '" + stage + "'");
        }
        return ExitCodes.DONE;
    }
}
