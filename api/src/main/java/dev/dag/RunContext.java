package dev.dag;

import dev.dag.internal.engine.ExecutionState;
import java.util.Optional;

/** The run this thread is executing: its id, flow and instance. */
public interface RunContext {
    /** The run this thread is executing, if any. */
    static Optional<RunContext> current() {
        return Optional.ofNullable(ExecutionState.current().run());
    }

    /** The run id, as stored in the metadata. */
    String runId();

    /** The flow's name. */
    String flowName();

    /** The instance the run writes to. */
    ConfigContext config();
}
