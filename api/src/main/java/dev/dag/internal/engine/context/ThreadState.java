package dev.dag.internal.engine.context;

import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.materialize.TaskScope;
import dev.dag.internal.engine.run.EagerRun;
import dev.dag.internal.engine.run.Run;

/**
 * What a thread is doing for dag. Each state but {@link Idle} keeps the state it was entered from
 * ({@code outer}), to which it returns when it ends: a task body runs inside a run, a flow may be defined
 * inside an eager run. The states only change through {@link ThreadStates}, which checks that each
 * change is legal.
 */
public sealed interface ThreadState {

    /** The state this one returns to when it ends. */
    ThreadState outer();

    /** Nothing: a task method called now is a plain Java call. */
    record Idle() implements ThreadState {
        @Override
        public ThreadState outer() {
            return this;
        }
    }

    /** Inside {@code try (flow) { ... }}: task calls are recorded, not run; {@code stage} is the open block or null. */
    record Defining(FlowDefinition flow, StageDefinition stage, ThreadState outer) implements ThreadState {
    }

    /** Executing a defined flow ({@code Flow.run}). */
    record RunningFlow(Run run, ThreadState outer) implements ThreadState {
    }

    /** Inside {@code RunContext.open} or a run the agent opened around {@code main}: task calls run at once. */
    record RunningEager(EagerRun run, ThreadState outer) implements ThreadState {
    }

    /** A run is about to invoke a task's method: the next call of that method on this thread is its body. */
    record InvokingTask(TaskScope task, ThreadState outer) implements ThreadState {
    }

    /**
     * Inside a task body: {@code materialize()} writes into the task's stage, and task methods called here
     * are plain calls whose tables belong to this task.
     */
    record InTask(TaskScope task, ThreadState outer) implements ThreadState {
    }
}
