package dev.dag.cli;

import dev.dag.internal.admin.InstanceAdmin;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** A command over the instance the global options name: opens it, runs, and closes its connections. */
abstract class InstanceCommand implements Callable<Integer> {
    @ParentCommand
    DagCli dag;

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        InstanceAdmin admin = dag.admin();
        try {
            return call(admin, dag.output(spec));
        } finally {
            admin.close();
        }
    }

    /** Does the command's work; returns its exit code. */
    abstract int call(InstanceAdmin admin, Output output);
}
