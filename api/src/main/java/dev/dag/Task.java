package dev.dag;

import dev.dag.internal.seam.CallHandle;
import dev.dag.internal.seam.Engine;
import java.util.List;

/**
 * A task of a flow definition: the calls of one task method (by its task name) in one stage. Most tasks are
 * called once; a task called again with other arguments has one {@link TaskCall} per call. Found by name with
 * {@link Flow#task(String)}, {@link Flow#tasks()} or {@link Stage#task(String)}, for tooling and tests
 * (pipedag's {@code get_task}).
 *
 * <pre>{@code
 * Table bigOrders = (Table) flow.stage("clean").task("bigOrders").output();
 * }</pre>
 */
public final class Task {
    private final String name;
    private final String stage;
    private final List<TaskCall> calls;

    Task(String name, String stage, List<? extends CallHandle> calls) {
        this.name = name;
        this.stage = stage;
        this.calls = calls.stream().map(TaskCall::new).toList();
    }

    /** The task's name (the method name unless {@code @Materialize(name = ...)} gave another). */
    public String name() {
        return name;
    }

    /** The name of the stage its calls were made in. */
    public String stage() {
        return stage;
    }

    /** Its calls in the stage, in call order; never empty. */
    public List<TaskCall> calls() {
        return calls;
    }

    /**
     * The output of its only call (see {@link TaskCall#output()}).
     *
     * @throws DefinitionException when the task was called more than once in its stage: pick one of
     *     {@link #calls()}
     */
    public Object output() {
        if (calls.size() != 1) {
            throw Engine.forUser(new DefinitionException("Task '" + name + "' is called " + calls.size() + " times in "
                    + "stage '" + stage + "', so it has no single output: take one call's, e.g. task(\"" + name
                    + "\").calls().get(0).output().", name, null, stage));
        }
        return calls.get(0).output();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Task task && task.calls.equals(calls);
    }

    @Override
    public int hashCode() {
        return calls.hashCode();
    }

    @Override
    public String toString() {
        return "Task(" + stage + "." + name + ", " + calls.size() + (calls.size() == 1 ? " call)" : " calls)");
    }
}
