package dev.dag.internal.engine;

import dev.dag.DefinitionException;
import dev.dag.internal.store.dialect.Identifiers;

/** Opens and closes flow and stage definitions on the current thread. */
public final class DefinitionScope {
    private DefinitionScope() {
    }

    /** Starts defining a flow on this thread. */
    public static FlowDefinition openFlow(String name) {
        if (name.isBlank()) {
            throw new DefinitionException("A flow needs a name: new Flow(\"orders\").");
        }
        ExecutionState state = ExecutionState.current();
        if (state.definingFlow != null) {
            throw new DefinitionException("Flow '" + name + "' is defined inside flow '" + state.definingFlow.name()
                    + "'. Close the first flow's try block before defining another.");
        }
        FlowDefinition flow = new FlowDefinition(name);
        state.definingFlow = flow;
        Activity.begin();
        return flow;
    }

    /** Ends the definition of {@code flow}. */
    public static void closeFlow(FlowDefinition flow) {
        ExecutionState state = ExecutionState.current();
        if (state.definingFlow != flow) {
            return; // already closed: close() is idempotent
        }
        state.definingFlow = null;
        state.definingStage = null;
        flow.close();
        Activity.end();
    }

    /** Opens a stage in the flow being defined on this thread. */
    public static StageDefinition openStage(String name) {
        ExecutionState state = ExecutionState.current();
        if (state.definingFlow == null && state.eager != null) {
            return state.eager.openStage(name);
        }
        if (state.definingFlow == null) {
            throw new DefinitionException("Stage '" + name + "' is opened outside a flow definition and outside a "
                    + "run. Open it inside try (flow) { ... } of a new Flow(...), or inside "
                    + "try (RunContext run = RunContext.open(...)) { ... }.", null, null, name);
        }
        if (state.definingStage != null) {
            throw new DefinitionException("Stage '" + name + "' is opened inside stage '"
                    + state.definingStage.name() + "'. Stages cannot be nested: close the first one before.",
                    null, null, name);
        }
        Identifiers.requireValid(name, "stage name", null, name);
        for (String existing : state.definingFlow.stageNames()) {
            if (existing.equalsIgnoreCase(name)) {
                throw new DefinitionException("Stage '" + name + "' is defined twice in flow '"
                        + state.definingFlow.name() + "'. Each stage needs its own name (names are not "
                        + "case-sensitive, like the schemas that hold them).", null, null, name);
            }
        }
        StageDefinition stage = new StageDefinition(state.definingFlow, name);
        state.definingFlow.add(stage);
        state.definingStage = stage;
        return stage;
    }

    /** Ends the stage block. */
    public static void closeStage(StageDefinition stage) {
        ExecutionState state = ExecutionState.current();
        if (state.eager != null && state.definingFlow == null) {
            state.eager.closeStage(stage);
            return;
        }
        if (state.definingStage == stage) {
            state.definingStage = null;
        }
        stage.close();
    }

    /**
     * Records a task call made while a flow is defined and returns the placeholder the caller gets.
     *
     * @throws DefinitionException if no stage is open or an argument is another flow's placeholder
     */
    static Object record(ExecutionState state, TaskDescriptor descriptor, Object self, Object[] args) {
        StageDefinition stage = state.definingStage;
        if (stage == null) {
            throw new DefinitionException(descriptor + " is called in flow '" + state.definingFlow.name()
                    + "' outside any stage. Call it inside try (Stage s = new Stage(\"name\")) { ... }.",
                    descriptor.name(), null, null);
        }
        TaskInvocation invocation = new TaskInvocation(descriptor, self, args, stage, callerOf(descriptor));
        invocation.upstream(Placeholders.producersIn(args, invocation));
        invocation.placeholderResult(Placeholders.forResult(invocation));
        stage.add(invocation);
        return invocation.placeholderResult();
    }

    /** The line of the flow definition that called the task: the frame below the task method. */
    private static StackTraceElement callerOf(TaskDescriptor descriptor) {
        String owner = descriptor.method().getDeclaringClass().getName();
        String method = descriptor.method().getName();
        return StackWalker.getInstance().walk(frames -> frames
                .dropWhile(frame -> !(frame.getClassName().equals(owner) && frame.getMethodName().equals(method)))
                .skip(1)
                .findFirst()
                .map(StackWalker.StackFrame::toStackTraceElement)
                .orElse(null));
    }
}
