package dev.dag.internal.seam;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.MaterializeOptions;
import dev.dag.Plan;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.StoredOutputs;
import dev.dag.TaskContext;
import dev.dag.internal.config.Redaction;
import dev.dag.internal.config.YamlConfigLoader;
import dev.dag.internal.engine.context.AgentPresence;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.context.ThreadState.Defining;
import dev.dag.internal.engine.context.ThreadState.RunningEager;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.engine.materialize.TaskScope;
import dev.dag.internal.engine.define.Definitions;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.materialize.Materializer;
import dev.dag.internal.engine.plan.DryRunResult;
import dev.dag.internal.engine.run.CommittedOutputs;
import dev.dag.internal.engine.run.EagerRun;
import dev.dag.internal.engine.run.FlowRunner;
import dev.dag.internal.store.Databases;
import dev.dag.internal.store.dialect.StandardSql;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one door from the public package {@code dev.dag} into dag's internals: the public classes call
 * these methods and hold only the handles of this package. Errors leave here with the user's line on top.
 */
public final class Engine {
    private Engine() {
    }

    /** Starts defining a flow on this thread ({@code new Flow(name)}). */
    public static FlowHandle openFlow(String name) {
        AgentPresence.requireAttached(name);
        try {
            return Definitions.openFlow(name);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** Ends a flow's definition block. */
    public static void closeFlow(FlowHandle flow) {
        Definitions.closeFlow((FlowDefinition) flow);
    }

    /** What a flow run hands back: its result and, if it failed, the first failure. */
    public record RunOutcome(Result result, DagException failure) {
    }

    /**
     * Runs a defined flow; failures of its tasks are in the outcome.
     *
     * @throws DagException what refused the run before any task ran (a bad selection, an unreachable database)
     */
    public static RunOutcome runFlow(FlowHandle flow, RunOptions options) {
        if (options.isDryRun()) {
            long start = System.nanoTime();
            Plan plan = planFlow(flow, options);
            return new RunOutcome(new DryRunResult(plan, "dry-" + Long.toHexString(start), (System.nanoTime() - start)
                    / 1_000_000), null);
        }
        try {
            FlowRunner.Outcome outcome = FlowRunner.run((FlowDefinition) flow, options);
            return new RunOutcome(outcome.result(), outcome.failure());
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /**
     * What a run of a defined flow would do, found without writing anything.
     *
     * @throws DagException what would refuse the run before any task ran
     */
    public static Plan planFlow(FlowHandle flow, RunOptions options) {
        try {
            return FlowRunner.plan((FlowDefinition) flow, options);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /**
     * The committed outputs of a defined flow, found by a plan.
     *
     * @throws DagException what would refuse a run before any task ran
     */
    public static StoredOutputs outputsFromStore(FlowHandle flow, RunOptions options) {
        try {
            return CommittedOutputs.find((FlowDefinition) flow, options);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** Opens a stage block: in the flow being defined, or in the eager run open on this thread. */
    public static StageHandle openStage(String name) {
        try {
            if (ThreadStates.current() instanceof Defining defining) {
                return Definitions.openStage(defining, name);
            }
            if (ThreadStates.current() instanceof RunningEager eager) {
                return eager.run().openStage(name);
            }
            throw Definitions.stageOutsideFlow(name);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** Ends a stage block. */
    public static void closeStage(StageHandle stage) {
        try {
            if (ThreadStates.current() instanceof RunningEager eager) {
                eager.run().closeStage((StageDefinition) stage); // publishes the stage
            } else {
                Definitions.closeStage((StageDefinition) stage);
            }
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** The run this thread works for, or null. */
    public static RunContext currentRun() {
        return ThreadStates.currentRun();
    }

    /** Opens an eager run on this thread. */
    public static RunContext openRun(RunOptions options, String flowName) {
        try {
            return EagerRun.open(options, flowName);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** The task whose body runs on this thread, or null. */
    public static TaskContext currentTask() {
        return ThreadStates.currentTask();
    }

    /** {@code table.materialize(options)} called without the agent's call site. */
    public static Table materialize(Table table, MaterializeOptions options) {
        return Materializer.materialize(table, options, null);
    }

    /** {@code Dag.materialize(tables...)} called without the agent's call site. */
    public static List<Table> materializeAll(List<Table> tables) {
        return Materializer.materializeGroup(tables, null);
    }

    /** {@code Dag.materialize(map)} called without the agent's call site. */
    public static Map<String, Table> materializeAll(Map<String, Table> tables) {
        return Materializer.materializeNamed(tables, null);
    }

    /** {@code Dag.previousVersion}: the committed version of an input of the running task, if any. */
    public static Optional<Table> previousVersion(Table input) {
        TaskScope scope = ThreadStates.currentTask();
        if (scope == null) {
            return Optional.empty();
        }
        try {
            return scope.previousVersion(input);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** {@code Debug.materializeTable} called without the agent's call site. */
    public static Table debug(Table table, MaterializeOptions options) {
        return Materializer.debug(table, options, null);
    }

    /** The instance {@code instance} of a {@code dag.yaml}. */
    public static ConfigContext loadConfig(Path yamlFile, String instance) {
        try {
            return YamlConfigLoader.load(yamlFile, instance, System.getenv());
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** Closes the connection pool of {@code config}, if one is open. */
    public static void close(ConfigContext config) {
        Databases.close(config);
    }

    /** {@code error} with dag's own frames removed, so that the user's line is on top. */
    public static <T extends DagException> T forUser(T error) {
        return StackTraces.forUser(error);
    }

    /** {@code url} without its credentials, for printing. */
    public static String redacted(String url) {
        return Redaction.url(url);
    }

    /** {@code schema.name} in standard SQL quotes, for refs users create themselves. */
    public static String standardQuoted(String schema, String name) {
        return StandardSql.doubleQuoted(schema) + "." + StandardSql.doubleQuoted(name);
    }
}
