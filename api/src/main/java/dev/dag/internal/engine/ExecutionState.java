package dev.dag.internal.engine;

import dev.dag.RunContext;
import dev.dag.TaskContext;

/**
 * What this thread is doing for dag: defining a flow, about to invoke a task body, inside a task body,
 * or executing a run. Read by the agent's bridge on every task call.
 */
public final class ExecutionState {
    private static final ThreadLocal<ExecutionState> CURRENT = ThreadLocal.withInitial(ExecutionState::new);

    FlowDefinition definingFlow;
    StageDefinition definingStage;
    TaskScope expected;
    TaskScope task;
    RunState run;
    EagerRun eager;

    private ExecutionState() {
    }

    /** This thread's state. */
    public static ExecutionState current() {
        return CURRENT.get();
    }

    /** The task running on this thread, or null. */
    public TaskContext task() {
        return task;
    }

    /** The run executing on this thread, or null. */
    public RunContext run() {
        return eager != null ? eager : run;
    }
}
