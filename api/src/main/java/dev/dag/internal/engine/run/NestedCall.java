package dev.dag.internal.engine.run;

import dev.dag.DagException;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskFailedException;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskDescriptors;
import dev.dag.internal.engine.materialize.TaskScope;
import dev.dag.internal.engine.values.ValueWalker;

/**
 * A task called inside the body of another task with tables of the run, where the two declare other input types.
 * The call is plain Java: the called body gets the tables as the caller reads them. When it then fails to cast what
 * {@code obj()} gives, the failure names both tasks and both types instead of a bare {@link ClassCastException}.
 */
record NestedCall(TaskScope caller, TaskDescriptor called) {

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
        return called == null || seenAs(called) == seenAs(caller.descriptor()) ? null : new NestedCall(caller, called);
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
        TaskFailedException error = new TaskFailedException("Task '" + called.name() + "' is called inside the body of "
                + "task '" + callerName + "' in stage '" + caller.stage() + "' and failed: " + cast.getMessage()
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
                ValueWalker.visit(arg, leaf -> found[0] |= leaf instanceof Table table && Bindings.stored(table) != null);
            }
        } catch (IllegalArgumentException e) {
            return false; // a container that holds itself: the body finds out
        }
        return found[0];
    }
}
