package dev.dag.internal.engine;

import java.util.List;

/**
 * One recorded call of a task in a flow definition: the method, its receiver and arguments (with
 * placeholders for other tasks' outputs), its stage, and the placeholder handed back to the caller.
 */
final class TaskInvocation {
    private final TaskDescriptor descriptor;
    private final Object self;
    private final Object[] args;
    private final StageDefinition stage;
    private final StackTraceElement callSite;
    private List<TaskInvocation> upstream = List.of();
    private Object placeholderResult;

    TaskInvocation(TaskDescriptor descriptor, Object self, Object[] args, StageDefinition stage,
                   StackTraceElement callSite) {
        this.descriptor = descriptor;
        this.self = self;
        this.args = args.clone();
        this.stage = stage;
        this.callSite = callSite;
    }

    TaskDescriptor descriptor() {
        return descriptor;
    }

    String taskName() {
        return descriptor.name();
    }

    Object self() {
        return self;
    }

    Object[] args() {
        return args.clone();
    }

    StageDefinition stage() {
        return stage;
    }

    /** Where the flow definition called the task (for messages), or null. */
    StackTraceElement callSite() {
        return callSite;
    }

    /** The tasks whose outputs this call takes as arguments. */
    List<TaskInvocation> upstream() {
        return upstream;
    }

    void upstream(List<TaskInvocation> producers) {
        this.upstream = List.copyOf(producers);
    }

    Object placeholderResult() {
        return placeholderResult;
    }

    void placeholderResult(Object result) {
        this.placeholderResult = result;
    }

    /** Whether the agent's call of {@code owner.methodKey} is the body of this invocation. */
    boolean matches(Class<?> owner, String methodKey) {
        return descriptor.method().getDeclaringClass() == owner && descriptor.key().equals(methodKey);
    }

    @Override
    public String toString() {
        return "task '" + taskName() + "' in stage '" + stage.name() + "'";
    }
}
