package dev.dag.internal.engine.define;

import dev.dag.DefinitionException;
import dev.dag.internal.engine.context.ThreadState.Defining;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.store.Identifiers;
import java.util.function.Function;

/** Flow and stage definitions on the current thread, and the task calls recorded in them. */
public final class Definitions {
    private Definitions() {
    }

    /** Starts defining a flow on this thread. */
    public static FlowDefinition openFlow(String name) {
        if (name.isBlank()) {
            throw new DefinitionException("A flow needs a name: new Flow(\"orders\").");
        }
        FlowDefinition flow = new FlowDefinition(name);
        ThreadStates.beginDefinition(flow);
        return flow;
    }

    /** Ends the definition of {@code flow}; closing twice does nothing. */
    public static void closeFlow(FlowDefinition flow) {
        ThreadStates.endDefinition(flow);
        flow.close();
    }

    /** Opens a stage block in the flow being defined on this thread. */
    public static StageDefinition openStage(Defining defining, String name) {
        if (defining.stage() != null) {
            throw new DefinitionException("Stage '" + name + "' is opened inside stage '" + defining.stage().name()
                    + "'. Stages cannot be nested: close the first one before.", null, null, name);
        }
        Identifiers.requireValid(name, "stage name", null, name);
        FlowDefinition flow = defining.flow();
        for (String existing : flow.stageNames()) {
            if (existing.equalsIgnoreCase(name)) {
                throw new DefinitionException("Stage '" + name + "' is defined twice in flow '" + flow.name()
                        + "'. Each stage needs its own name (names are not case-sensitive, like the schemas that "
                        + "hold them).", null, null, name);
            }
        }
        StageDefinition stage = new StageDefinition(flow, name);
        flow.add(stage);
        ThreadStates.defineStage(defining, stage);
        return stage;
    }

    /** Ends a stage block of the flow being defined. */
    public static void closeStage(StageDefinition stage) {
        if (ThreadStates.current() instanceof Defining defining && defining.stage() == stage) {
            ThreadStates.defineStage(defining, null);
        }
        stage.close();
    }

    /** The error for a stage opened where no flow is defined and no run is open. */
    public static DefinitionException stageOutsideFlow(String name) {
        return new DefinitionException("Stage '" + name + "' is opened outside a flow definition and outside a run. "
                + "Open it inside try (flow) { ... } of a new Flow(...), or inside "
                + "try (RunContext run = RunContext.open(...)) { ... }.", null, null, name);
    }

    /**
     * Records a task call made while a flow is defined and returns the placeholder the caller gets. The call keeps
     * copies of the containers among its arguments (see {@link CapturedArguments}) and their state ({@code states});
     * a call identical to one recorded in the stage before is that call: the caller gets its placeholder.
     *
     * @throws DefinitionException if no stage is open or an argument is another flow's placeholder
     */
    public static Object record(Defining defining, TaskDescriptor descriptor, Object self, Object[] args,
                                Function<TaskInvocation, CallState> states) {
        StageDefinition stage = defining.stage();
        if (stage == null) {
            throw new DefinitionException(descriptor + " is called in flow '" + defining.flow().name()
                    + "' outside any stage. Call it inside try (Stage s = new Stage(\"name\")) { ... }.",
                    descriptor.name(), null, null);
        }
        TaskInvocation invocation = new TaskInvocation(descriptor, self, CapturedArguments.of(descriptor, args),
                stage);
        invocation.upstream(Placeholders.producersIn(invocation.args(), invocation));
        invocation.callState(states.apply(invocation));
        TaskInvocation same = stage.sameCall(invocation);
        if (same != null) {
            return same.placeholderResult();
        }
        invocation.placeholderResult(Placeholders.forResult(invocation));
        stage.add(invocation);
        return invocation.placeholderResult();
    }
}
