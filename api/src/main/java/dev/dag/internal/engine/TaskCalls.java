package dev.dag.internal.engine;

import dev.dag.DagException;

/**
 * Decides what a call of a task method does, given what this thread is doing: record it (flow
 * definition), run it inside its task scope (run), or nothing (plain call, or a task called from inside
 * another task's body, whose tables then belong to the caller).
 */
public final class TaskCalls {
    private TaskCalls() {
    }

    /** A call recorded during a flow definition: the body is skipped and the placeholder returned. */
    private record RecordedCall(Object placeholder) {
    }

    /** See {@code TaskBridge.enter}. */
    public static Object enter(Class<?> owner, String methodKey, Object self, Object[] args) {
        ExecutionState state = ExecutionState.current();
        TaskScope expected = state.expected;
        if (expected != null && expected.invocation().matches(owner, methodKey)) {
            state.expected = null;
            expected.enter();
            return expected;
        }
        if (state.task != null || state.definingFlow == null) {
            return null;
        }
        TaskDescriptor descriptor = TaskDescriptors.find(owner, methodKey);
        if (descriptor == null) {
            return null;
        }
        try {
            return new RecordedCall(DefinitionScope.record(state, descriptor, self, args));
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** Whether the body must be skipped. */
    public static boolean skip(Object call) {
        return call instanceof RecordedCall;
    }

    /** See {@code TaskBridge.exit}. */
    public static Object exit(Object call, Object returned, Throwable thrown) throws Throwable {
        if (call instanceof RecordedCall recorded) {
            return recorded.placeholder();
        }
        TaskScope scope = (TaskScope) call;
        try {
            if (thrown != null) {
                throw thrown;
            }
            return scope.finish(returned);
        } finally {
            scope.exit();
        }
    }
}
