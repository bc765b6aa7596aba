package dev.dag;

import dev.dag.internal.seam.Engine;
import dev.dag.internal.seam.FlowHandle;
import dev.dag.internal.seam.StageHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A pipeline: stages of tasks, defined once and run many times. Inside the {@code try} block a call
 * to a {@link Materialize} method does not run its body: it records the task and returns a
 * placeholder for its output, which later calls take as input.
 *
 * <pre>{@code
 * Flow flow = new Flow("orders");
 * try (flow) {
 *     Table raw;
 *     try (Stage s = new Stage("raw"))   { raw = Tasks.load(); }
 *     try (Stage s = new Stage("clean")) { Tasks.clean(raw, 3); }
 * }
 * Result result = flow.run();
 * }</pre>
 *
 * Defining a flow needs the agent ({@code -javaagent:dag-agent.jar}, or {@code DagAgent.install()} in
 * tests).
 */
public final class Flow implements AutoCloseable {
    private final FlowHandle definition;

    /**
     * Starts defining a flow on this thread.
     *
     * @throws DefinitionException if the agent is not attached, the name is empty, or another flow is
     *     being defined on this thread
     */
    public Flow(String name) {
        Objects.requireNonNull(name, "flow name");
        this.definition = Engine.openFlow(name);
    }

    /** The flow name. */
    public String name() {
        return definition.name();
    }

    /** Stage names, in definition order. */
    public List<String> stages() {
        return definition.stageNames();
    }

    /**
     * The stage of this name (names are not case-sensitive, like the schemas that hold them), to find its tasks
     * (pipedag's {@code get_stage}). Closing the returned stage ends nothing.
     *
     * <pre>{@code Task clean = flow.stage("clean").task("bigOrders");}</pre>
     *
     * @throws DefinitionException when the flow has no such stage (the message lists its stages)
     */
    public Stage stage(String name) {
        Objects.requireNonNull(name, "stage name");
        for (StageHandle stage : definition.stageHandles()) {
            if (stage.name().equalsIgnoreCase(name)) {
                return new Stage(stage);
            }
        }
        throw Engine.forUser(new DefinitionException("Flow '" + name() + "' has no stage '" + name + "'. Its stages: "
                + stages() + ".", null, null, name));
    }

    /** Every task of the flow, stage by stage in definition order (see {@link Stage#tasks()}). */
    public List<Task> tasks() {
        List<Task> tasks = new ArrayList<>();
        definition.stageHandles().forEach(stage -> tasks.addAll(new Stage(stage).tasks()));
        return List.copyOf(tasks);
    }

    /**
     * The task of this name (pipedag's {@code get_task}).
     *
     * @throws DefinitionException when no stage calls it, or several do: then name the stage too,
     *     {@code flow.stage("clean").task(name)}
     */
    public Task task(String name) {
        Objects.requireNonNull(name, "task name");
        List<Task> found = tasks().stream().filter(task -> task.name().equals(name)).toList();
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw Engine.forUser(new DefinitionException("Flow '" + name() + "' has no task '" + name + "'. Its tasks: "
                    + tasks().stream().map(task -> task.stage() + "." + task.name()).toList() + ".", name, null, null));
        }
        List<String> stages = found.stream().map(Task::stage).toList();
        throw Engine.forUser(new DefinitionException("Task '" + name + "' is called in stages " + stages + " of flow '"
                + name() + "': name the stage too, e.g. flow.stage(\"" + stages.get(0) + "\").task(\"" + name
                + "\").", name, null, null));
    }

    /** Ends the definition; the flow can then be run. */
    @Override
    public void close() {
        Engine.closeFlow(definition);
    }

    /** Runs the flow against the default instance (a DuckDB file in the working folder). */
    public Result run() {
        return run(RunOptions.defaults());
    }

    /**
     * Runs every stage in order; each stage is committed (made visible) only when all of its tasks
     * succeeded.
     *
     * With {@link RunOptions#dryRun()} nothing is written and the result holds the {@link Result#plan() plan}.
     *
     * @throws DagException the first failure (task error, SQL error), with the partial result attached
     *     ({@link DagException#result()}); stages committed before it stay committed
     */
    public Result run(RunOptions options) {
        Objects.requireNonNull(options, "options");
        requireClosed();
        Engine.RunOutcome outcome = Engine.runFlow(definition, options);
        if (outcome.failure() != null) {
            outcome.failure().attachResult(outcome.result());
            throw outcome.failure();
        }
        return outcome.result();
    }

    /** What {@link #run()} would do on the default instance, found without writing anything. */
    public Plan plan() {
        return plan(RunOptions.defaults());
    }

    /**
     * What {@link #run(RunOptions)} would do, found without writing anything: no table, no schema, no metadata
     * row (an embedded database file that does not exist is not created). For each task whether it would run
     * and why, with the reasons a run gives, and which tables it would keep or rebuild. Lazy task bodies run
     * (they only build SQL); every {@code materialize()} in them computes its table's key without executing SQL.
     *
     * <pre>{@code System.out.println(flow.plan(RunOptions.of(config)).summary());}</pre>
     *
     * @throws DagException what would refuse the run before any task ran (a bad selection, an unreachable
     *     database, strict versions)
     */
    public Plan plan(RunOptions options) {
        Objects.requireNonNull(options, "options");
        requireClosed();
        return Engine.planFlow(definition, options);
    }

    /** {@link #outputsFromStore(RunOptions)} on the default instance. */
    public StoredOutputs outputsFromStore() {
        return outputsFromStore(RunOptions.defaults());
    }

    /**
     * The committed outputs of this flow's tasks on the options' instance, read without running anything (pipedag's
     * {@code get_output_from_store}): the flow is planned (as {@link #plan(RunOptions)} does, with the options'
     * instance and cache validation mode; a selection of stages or tasks is ignored), and an output can be read
     * when its task would be cache-valid. A task without a version, or whose code, arguments or inputs changed since
     * its stage was committed, has no output to read: the error says what changed.
     *
     * <pre>{@code
     * List<Order> rows = flow.outputsFromStore(RunOptions.of(config)).rows(flow.task("bigOrders"), Order.class);
     * }</pre>
     *
     * @throws DagException what would refuse a run before any task ran (an unreachable database)
     */
    public StoredOutputs outputsFromStore(RunOptions options) {
        Objects.requireNonNull(options, "options");
        requireClosed();
        return Engine.outputsFromStore(definition, options);
    }

    private void requireClosed() {
        if (!definition.isClosed()) {
            throw Engine.forUser(new DefinitionException("Flow '" + name() + "' is still being defined: call "
                    + "run() or plan() after its try (flow) { ... } block has closed."));
        }
    }

    @Override
    public String toString() {
        return "Flow(" + name() + ", stages " + stages() + ")";
    }
}
