package dev.dag;

import dev.dag.internal.seam.Engine;
import java.util.Objects;
import java.util.Optional;

/**
 * A run on this thread. {@link #open} starts an eager run around existing code: inside it, each call of
 * a task method executes at once, with the same caching as in a {@link Flow}.
 *
 * <pre>{@code
 * try (RunContext run = RunContext.open(ConfigContext.load("dag.yaml", "default"), "nightly")) {
 *     Table raw;
 *     try (Stage s = new Stage("raw")) { raw = Steps.loadOrders(); }     // committed when the block closes
 *     Steps.cleanOrders(raw);                  // stage from @Materialize(stage = ...), else "nightly"
 * }                                            // commits the stages still open
 * }</pre>
 */
public interface RunContext extends AutoCloseable {
    /** The run executing on this thread, if any. */
    static Optional<RunContext> current() {
        return Optional.ofNullable(Engine.currentRun());
    }

    /**
     * Opens an eager run named {@code flowName} on {@code config}. Needs the agent.
     *
     * @throws DefinitionException without the agent, or inside another run or flow definition
     */
    static RunContext open(ConfigContext config, String flowName) {
        return open(RunOptions.of(Objects.requireNonNull(config, "config")), flowName);
    }

    /**
     * {@link #open(ConfigContext, String)} with options (cache validation mode, default instance if none).
     *
     * @throws DefinitionException for options only a flow run honours: overrides ({@code withOverride}) and a
     *                             selection ({@code withTasks}, {@code withStages})
     */
    static RunContext open(RunOptions options, String flowName) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(flowName, "flowName");
        return Engine.openRun(options, flowName);
    }

    /** The run id, as stored in the metadata. */
    String runId();

    /** The flow's name. */
    String flowName();

    /** The instance the run writes to. */
    ConfigContext config();

    /** What the run did so far (for an eager run; a flow run's result is what {@link Flow#run()} returns). */
    Result result();

    /**
     * Ends an eager run: commits its stages still open, except those where a task failed. Does nothing for
     * a flow run, which ends by itself.
     */
    @Override
    void close();
}
