package dev.dag.internal.engine.context;

import dev.dag.DefinitionException;
import dev.dag.RunContext;
import dev.dag.internal.engine.context.ThreadState.Defining;
import dev.dag.internal.engine.context.ThreadState.Idle;
import dev.dag.internal.engine.context.ThreadState.InTask;
import dev.dag.internal.engine.context.ThreadState.InvokingTask;
import dev.dag.internal.engine.context.ThreadState.RunningEager;
import dev.dag.internal.engine.context.ThreadState.RunningFlow;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.materialize.TaskScope;
import dev.dag.internal.engine.run.EagerRun;
import dev.dag.internal.engine.run.Run;
import java.util.function.Supplier;

/**
 * The current thread's {@link ThreadState} and every legal change of it, in one place:
 * <pre>
 * Idle ──new Flow──▶ Defining ──close──▶ (outer)          Defining may also start inside RunningEager
 * Idle ──RunContext.open──▶ RunningEager ──close──▶ Idle
 * any but Defining ──Flow.run──▶ RunningFlow ──end──▶ (outer)
 * Idle (a worker thread of a flow run) ──join──▶ RunningFlow ──leave──▶ Idle
 * RunningFlow, RunningEager ──invoke a task──▶ InvokingTask ──body starts──▶ InTask ──body ends──▶ (outer)
 * </pre>
 * A change that is not legal is a user mistake when the user can cause it (a flow defined inside a flow,
 * a run opened inside a run), and a bug of dag otherwise ({@link IllegalStateException}).
 */
public final class ThreadStates {
    private static final ThreadLocal<ThreadState> CURRENT = ThreadLocal.withInitial(Idle::new);

    private ThreadStates() {
    }

    /** What this thread is doing. */
    public static ThreadState current() {
        return CURRENT.get();
    }

    /** The task whose body runs on this thread, or null. */
    public static TaskScope currentTask() {
        return current() instanceof InTask inTask ? inTask.task() : null;
    }

    /** The run this thread works for (also inside a task body), or null. */
    public static RunContext currentRun() {
        for (ThreadState state = current(); ; state = state.outer()) {
            if (state instanceof RunningFlow flow) {
                return flow.run();
            }
            if (state instanceof RunningEager eager) {
                return eager.run();
            }
            if (state instanceof Idle) {
                return null;
            }
        }
    }

    /** Starts defining {@code flow}. */
    public static void beginDefinition(FlowDefinition flow) {
        ThreadState state = current();
        if (state instanceof Defining defining) {
            throw new DefinitionException("Flow '" + flow.name() + "' is defined inside flow '"
                    + defining.flow().name() + "'. Close the first flow's try block before defining another.");
        }
        CURRENT.set(new Defining(flow, null, state));
        Activity.begin();
    }

    /** Opens or closes ({@code stage} null) a stage block of the flow being defined. */
    public static void defineStage(Defining defining, StageDefinition stage) {
        require(current() == defining, () -> "a stage change of a flow that is not the current definition");
        CURRENT.set(new Defining(defining.flow(), stage, defining.outer()));
    }

    /** Ends the definition of {@code flow}; nothing if it already ended. */
    public static void endDefinition(FlowDefinition flow) {
        if (current() instanceof Defining defining && defining.flow() == flow) {
            CURRENT.set(defining.outer());
            Activity.end();
        }
    }

    /** Starts executing a flow on this thread. */
    public static void beginFlowRun(Run run) {
        if (current() instanceof Defining defining) {
            throw new DefinitionException("Flow '" + run.flowName() + "' is run inside the definition of flow '"
                    + defining.flow().name() + "'. Run it after that flow's try block.");
        }
        CURRENT.set(new RunningFlow(run, current()));
        Activity.begin();
    }

    /**
     * A worker thread of a flow run starts working for {@code run} (the flow's thread did {@link #beginFlowRun}):
     * task bodies on it see the run as the one that invoked them. Nothing when this thread runs the flow itself.
     *
     * @return whether the thread joined, and must {@link #leaveRun} afterwards
     */
    public static boolean joinRun(Run run) {
        ThreadState state = current();
        if (state instanceof RunningFlow flow && flow.run() == run) {
            return false;
        }
        require(state instanceof Idle, () -> "a worker joined run " + run.runId() + " while " + state);
        CURRENT.set(new RunningFlow(run, state));
        return true;
    }

    /** A worker thread that {@link #joinRun joined} {@code run} stops working for it. */
    public static void leaveRun(Run run) {
        ThreadState state = current();
        require(state instanceof RunningFlow flow && flow.run() == run,
                () -> "a worker left a run it does not work for (" + state + ")");
        CURRENT.set(state.outer());
    }

    /**
     * Checks that {@code opening} (an eager run) may start on this thread: only when it does nothing else.
     *
     * @throws DefinitionException if a run or flow definition is open on this thread
     */
    public static void requireIdleFor(String opening) {
        if (!(current() instanceof Idle)) {
            throw new DefinitionException(opening + " inside another run or flow definition on this thread. Close "
                    + "that one first.");
        }
    }

    /** Starts an eager run on this thread (checked with {@link #requireIdleFor} before the run was opened). */
    public static void beginEagerRun(EagerRun run) {
        require(current() instanceof Idle, () -> "an eager run inside another run or definition");
        CURRENT.set(new RunningEager(run, current()));
        Activity.begin();
    }

    /** Ends a flow run or an eager run started with {@code run}. */
    public static void endRun(RunContext run) {
        ThreadState state = current();
        boolean matches = state instanceof RunningFlow flow && flow.run() == run
                || state instanceof RunningEager eager && eager.run() == run;
        require(matches, () -> "the end of a run that is not the current state (" + state + ")");
        CURRENT.set(state.outer());
        Activity.end();
    }

    /** A run is about to invoke {@code task}'s method on this thread. */
    public static void invoking(TaskScope task) {
        ThreadState state = current();
        require(state instanceof RunningFlow || state instanceof RunningEager,
                () -> "a task invoked outside a run");
        CURRENT.set(new InvokingTask(task, state));
    }

    /** Whether the bridge's call of {@code owner.methodKey} is the body of the task being invoked, which then starts. */
    public static boolean enterBodyIfInvoked(Class<?> owner, String methodKey) {
        if (current() instanceof InvokingTask invoking && invoking.task().invocation().matches(owner, methodKey)) {
            CURRENT.set(new InTask(invoking.task(), invoking.outer()));
            return true;
        }
        return false;
    }

    /** The body of {@code task} ended (returned, threw, or never started): back to the run. */
    public static void endTask(TaskScope task) {
        ThreadState state = current();
        if (state instanceof InTask inTask && inTask.task() == task) {
            CURRENT.set(inTask.outer());
        } else if (state instanceof InvokingTask invoking && invoking.task() == task) {
            CURRENT.set(invoking.outer());
        }
    }

    /** {@code change} says what was illegal; built only then (some name the state, which costs a string). */
    private static void require(boolean legal, Supplier<String> change) {
        if (!legal) {
            throw new IllegalStateException("dag bug: illegal thread state change: " + change.get());
        }
    }
}
