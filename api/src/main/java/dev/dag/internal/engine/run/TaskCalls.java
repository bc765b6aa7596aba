package dev.dag.internal.engine.run;

import dev.dag.DagException;
import dev.dag.MaterializeOptions;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskFailedException;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.context.ThreadState.Defining;
import dev.dag.internal.engine.context.ThreadState.Idle;
import dev.dag.internal.engine.context.ThreadState.RunningEager;
import dev.dag.internal.engine.context.ThreadState;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.Definitions;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskDescriptors;
import dev.dag.internal.engine.materialize.Materializer;
import dev.dag.internal.engine.materialize.TaskScope;
import dev.dag.internal.engine.run.open.OpenRuns;
import dev.dag.internal.engine.values.ValueWalker;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Decides what a call of a task method does, given what this thread is doing: record it (flow
 * definition), run it at once (eager run), enter its body (the run invoked it), or nothing (a plain call,
 * or a task called inside another task's body, whose tables then belong to the caller: see {@link NestedCall}). A
 * plain call on a thread while a run is open on another is warned about in that run: runs do not reach other threads.
 */
public final class TaskCalls {
    private TaskCalls() {
    }

    /**
     * A call whose body is skipped: recorded during a flow definition (the value is its placeholder), or
     * already executed by an eager run (the value is what the task produced).
     */
    private record RecordedCall(Object value) {
    }

    /** See {@code TaskBridge.enter}. */
    public static Object enter(Class<?> owner, String methodKey, String spec, Object self, Object[] args) {
        if (ThreadStates.enterBodyIfInvoked(owner, methodKey)) {
            TaskScope scope = ThreadStates.currentTask();
            scope.markEntered();
            return scope;
        }
        ThreadState state = ThreadStates.current();
        if (state instanceof Idle) {
            // a thread that works for no run: a plain call, which the code a run wraps may have meant as a task
            OpenRuns.calledOnThisThread(owner, methodKey.substring(0, methodKey.indexOf('(')));
            return null;
        }
        if (!(state instanceof Defining) && !(state instanceof RunningEager)) {
            // inside another task's body: its tables are the caller's
            return NestedCall.of(owner, methodKey, spec, args);
        }
        TaskDescriptor descriptor;
        try {
            descriptor = TaskDescriptors.find(owner, methodKey, spec);
            if (descriptor == null) {
                return null;
            }
            if (state instanceof Defining defining) {
                return new RecordedCall(Definitions.record(defining, descriptor, self, args, CallStates::of));
            }
        } catch (DagException e) {
            throw StackTraces.atCaller(e, owner, methodKey.substring(0, methodKey.indexOf('(')));
        }
        return new RecordedCall(((RunningEager) state).run().call(descriptor, self, args));
    }

    /** Whether the body must be skipped. */
    public static boolean skip(Object call) {
        return call instanceof RecordedCall;
    }

    /** See {@code TaskBridge.exit}. */
    public static Object exit(Object call, Object returned, Throwable thrown) throws Throwable {
        if (call instanceof RecordedCall recorded) {
            return recorded.value();
        }
        if (call instanceof NestedCall nested) {
            return nested.exit(returned, thrown);
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
            ThreadStates.endTask(scope);
        }
    }

    /** See {@code TaskBridge.materialize}. */
    public static Table materialize(Table table, MaterializeOptions options, String owner, String method, String file,
                                    int line) {
        return Materializer.materialize(table, options, site(owner, method, file, line));
    }

    /** See {@code TaskBridge.returning}: remembers the line of the running task's {@code return}. */
    public static void returning(String owner, String method, String file, int line) {
        TaskScope scope = ThreadStates.currentTask();
        if (scope != null && scope.descriptor().method().getName().equals(method)
                && scope.descriptor().method().getDeclaringClass().getName().equals(owner)) {
            scope.returnSite(site(owner, method, file, line));
        }
    }

    /** Runs {@code atSite} with the call site when a task runs on this thread, else {@code plain}. */
    public static <T> T atSite(String owner, String method, String file, int line,
                               Function<StackTraceElement, T> atSite, Supplier<T> plain) {
        return ThreadStates.currentTask() == null ? plain.get() : atSite.apply(site(owner, method, file, line));
    }

    private static StackTraceElement site(String owner, String method, String file, int line) {
        return line <= 0 && file == null ? null : new StackTraceElement(owner, method, file, line);
    }

    /**
     * A task called inside the body of another task with tables of the run, where the two declare other input types.
     * The call is plain Java: the called body gets the tables as the caller reads them. When it then fails to cast what
     * {@code obj()} gives, the failure names both tasks and both types instead of a bare {@link ClassCastException}.
     */
    private record NestedCall(TaskScope caller, TaskDescriptor called) {

        /** The call of {@code owner.methodKey} inside the running task's body, or null when nothing can go wrong. */
        static NestedCall of(Class<?> owner, String methodKey, String spec, Object[] args) {
            TaskScope caller = ThreadStates.currentTask();
            if (caller == null || !holdsStoredTable(args)) {
                return null;
            }
            TaskDescriptor called;
            try {
                called = TaskDescriptors.find(owner, methodKey, spec);
            } catch (DagException e) {
                return null; // a method that is no valid task: a plain call, as any other inside a body
            }
            return called == null || seenAs(called) == seenAs(caller.descriptor()) ? null
                    : new NestedCall(caller, called);
        }

        /** What the called body returns, or its failure; a failed cast named for what it is. */
        Object exit(Object returned, Throwable thrown) throws Throwable {
            if (thrown instanceof ClassCastException cast) {
                throw mismatch(cast);
            }
            if (thrown != null) {
                throw thrown;
            }
            return returned;
        }

        private DagException mismatch(ClassCastException cast) {
            String callerName = caller.descriptor().name();
            TaskFailedException error = new TaskFailedException("Task '" + called.name() + "' is called inside the "
                    + "body of task '" + callerName + "' in stage '" + caller.stage() + "' and failed: "
                    + cast.getMessage()
                    + ". A task called in another's body runs as plain Java with the caller's tables, which '"
                    + callerName + "' reads as " + shown(caller.descriptor()) + ", while '" + called.name()
                    + "' declares " + shown(called) + ". Declare the same inputType on both tasks, or call '"
                    + called.name() + "' in the flow (its own task, reading its inputs as it declares).", callerName,
                    caller.stage(), cast);
            error.setStackTrace(StackTraces.forUser(cast).getStackTrace());
            return error;
        }

        private static String shown(TaskDescriptor task) {
            return "inputType = " + seenAs(task).getSimpleName() + ".class";
        }

        private static Class<?> seenAs(TaskDescriptor task) {
            return task.inputType() == null ? TableRef.class : task.inputType();
        }

        private static boolean holdsStoredTable(Object[] args) {
            boolean[] found = {false};
            try {
                for (Object arg : args) {
                    ValueWalker.visit(arg, leaf -> found[0] |= leaf instanceof Table table
                            && Bindings.stored(table) != null);
                }
            } catch (IllegalArgumentException e) {
                return false; // a container that holds itself: the body finds out
            }
            return found[0];
        }
    }
}
