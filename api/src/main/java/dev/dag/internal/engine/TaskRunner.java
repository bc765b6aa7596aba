package dev.dag.internal.engine;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.TaskFailedException;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;

/**
 * Runs one recorded task: binds its inputs, invokes the method (the agent's bridge opens the task's
 * scope around the body and writes the outputs when it returns) and reports the outcome.
 */
final class TaskRunner {
    private TaskRunner() {
    }

    /** What running a task produced: bound outputs by placeholder path, or the failure. */
    record Execution(TaskScope scope, Map<String, Object> outputs, DagException failure) {
    }

    static Execution run(TaskInvocation invocation, StageRun stageRun, Map<OutputPlaceholder, Object> outputs) {
        ExecutionState state = ExecutionState.current();
        TaskScope scope = new TaskScope(invocation, stageRun, state);
        try {
            Object[] args = new ArgumentBinder(outputs, stageRun, invocation.descriptor()).bind(invocation.args());
            state.expected = scope;
            invocation.descriptor().method().invoke(invocation.self(), args);
            if (!scope.wasEntered()) {
                return failed(scope, new DefinitionException(invocation.descriptor() + " was not instrumented by the "
                        + "dag agent, so it cannot run as a task. Is its class loaded by a class loader that sees "
                        + "dev.dag, and not excluded from instrumentation?", invocation.taskName(), null,
                        invocation.stage().name()));
            }
            return new Execution(scope, scope.outputs(), null);
        } catch (InvocationTargetException e) {
            return failed(scope, failure(invocation, e.getCause()));
        } catch (DagException e) {
            return failed(scope, e);
        } catch (IllegalAccessException e) {
            return failed(scope, new DefinitionException(invocation.descriptor() + " cannot be called: " + e.getMessage(),
                    invocation.taskName(), null, invocation.stage().name()));
        } finally {
            state.expected = null;
            scope.exit();
        }
    }

    private static Execution failed(TaskScope scope, DagException failure) {
        return new Execution(scope, Map.of(), failure);
    }

    /** The body threw: dag's own errors keep their message; the user's get wrapped with the task's frame on top. */
    private static DagException failure(TaskInvocation invocation, Throwable thrown) {
        if (thrown instanceof DagException dagError) {
            return StackTraces.forUser(dagError);
        }
        String stage = invocation.stage().name();
        TaskFailedException failure = new TaskFailedException("Task '" + invocation.taskName() + "' in stage '" + stage
                + "' failed: " + thrown, invocation.taskName(), stage, thrown);
        failure.setStackTrace(StackTraces.topThenCaller(StackTraces.taskFrame(thrown, invocation.descriptor())));
        return failure;
    }
}
