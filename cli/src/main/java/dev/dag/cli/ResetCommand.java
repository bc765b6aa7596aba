package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dag reset}: drops everything dag keeps in the instance. */
@Command(name = "reset", description = "Drops every stage, the physical tables, the debug tables and the metadata "
        + "of the instance: the next run starts from nothing. Asks first, unless --yes.")
final class ResetCommand extends InstanceCommand {
    @Option(names = {"-y", "--yes"}, description = "do not ask")
    boolean yes;

    @Override
    int call(InstanceAdmin admin, Output output) {
        Confirmation.require(yes, "Drop every stage, table and record of dag in " + admin.instance() + "?", output);
        List<String> dropped = admin.reset();
        if (output.json()) {
            output.json(Output.fields("droppedSchemas", dropped));
        } else {
            output.line("reset " + admin.instance() + ": dropped schemas " + String.join(", ", dropped));
        }
        return ExitCodes.DONE;
    }
}
