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

    /**
     * A call whose body is skipped: recorded during a flow definition (the value is its placeholder), or
     * already executed by an eager run (the value is what the task produced).
     */
    private record RecordedCall(Object placeholder) {
    }

    /** See {@code TaskBridge.enter}. */
    public static Object enter(Class<?> owner, String methodKey, String spec, Object self, Object[] args) {
        ExecutionState state = ExecutionState.current();
        TaskScope expected = state.expected;
        if (expected != null && expected.invocation().matches(owner, methodKey)) {
            state.expected = null;
            expected.enter();
            return expected;
        }
        if (state.task != null || (state.definingFlow == null && state.eager == null)) {
            return null; // a plain call, or a task called inside another task's body (its tables are the caller's)
        }
        String method = methodKey.substring(0, methodKey.indexOf('('));
        TaskDescriptor descriptor;
        try {
            descriptor = TaskDescriptors.find(owner, methodKey, spec);
            if (descriptor == null) {
                return null;
            }
            if (state.definingFlow != null) {
                return new RecordedCall(DefinitionScope.record(state, descriptor, self, args));
            }
        } catch (DagException e) {
            throw StackTraces.atCaller(e, owner, method);
        }
        return new RecordedCall(state.eager.call(descriptor, self, args));
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
        } catch (DagException e) {
            throw StackTraces.atReturn(e, scope.returnSite(), scope.descriptor());
        } finally {
            scope.exit();
        }
    }

    /** See {@code TaskBridge.materialize}. */
    public static dev.dag.Table materialize(dev.dag.Table table, dev.dag.MaterializeOptions options, String owner,
                                            String method, String file, int line) {
        return Materializer.materialize(table, options, site(owner, method, file, line));
    }

    /** See {@code TaskBridge.returning}: remembers the line of the running task's {@code return}. */
    public static void returning(String owner, String method, String file, int line) {
        TaskScope scope = ExecutionState.current().task;
        if (scope != null && scope.descriptor().method().getName().equals(method)
                && scope.descriptor().method().getDeclaringClass().getName().equals(owner)) {
            scope.returnSite(site(owner, method, file, line));
        }
    }

    /** Runs {@code atSite} with the call site when a task runs on this thread, else {@code plain}. */
    public static <T> T atSite(String owner, String method, String file, int line,
                               java.util.function.Function<StackTraceElement, T> atSite,
                               java.util.function.Supplier<T> plain) {
        return ExecutionState.current().task == null ? plain.get() : atSite.apply(site(owner, method, file, line));
    }

    private static StackTraceElement site(String owner, String method, String file, int line) {
        return line <= 0 && file == null ? null : new StackTraceElement(owner, method, file, line);
    }
}
