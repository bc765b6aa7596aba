package dev.dag.internal.engine.define;

import dev.dag.internal.seam.CallHandle;
import java.util.List;

/**
 * One recorded call of a task in a flow definition: the method, its receiver and arguments (with
 * placeholders for other tasks' outputs), its stage, and the placeholder handed back to the caller.
 */
public final class TaskInvocation implements CallHandle {
    private final TaskDescriptor descriptor;
    private final Object self;
    private final Object[] args;
    private final StageDefinition stage;
    private List<TaskInvocation> upstream = List.of();
    private Object placeholderResult;
    private CallState callState;

    public TaskInvocation(TaskDescriptor descriptor, Object self, Object[] args, StageDefinition stage) {
        this.descriptor = descriptor;
        this.self = self;
        this.args = args.clone();
        this.stage = stage;
    }

    public TaskDescriptor descriptor() {
        return descriptor;
    }

    @Override
    public String taskName() {
        return descriptor.name();
    }

    public Object self() {
        return self;
    }

    public Object[] args() {
        return args.clone();
    }

    public StageDefinition stage() {
        return stage;
    }

    @Override
    public StageDefinition stageHandle() {
        return stage;
    }

    /** The tasks whose outputs this call takes as arguments. */
    @Override
    public List<TaskInvocation> upstream() {
        return upstream;
    }

    void upstream(List<TaskInvocation> producers) {
        this.upstream = List.copyOf(producers);
    }

    /** Its arguments and receiver as they were at the call; null when they cannot be hashed. */
    public CallState callState() {
        return callState;
    }

    void callState(CallState state) {
        this.callState = state;
    }

    @Override
    public Object placeholderResult() {
        return placeholderResult;
    }

    void placeholderResult(Object result) {
        this.placeholderResult = result;
    }

    /** Whether the agent's call of {@code owner.methodKey} is the body of this invocation. */
    public boolean matches(Class<?> owner, String methodKey) {
        return descriptor.method().getDeclaringClass() == owner && descriptor.key().equals(methodKey);
    }

    @Override
    public String toString() {
        return "task '" + taskName() + "' in stage '" + stage.name() + "'";
    }
}
