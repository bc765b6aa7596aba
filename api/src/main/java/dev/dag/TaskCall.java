package dev.dag;

import dev.dag.internal.seam.CallHandle;
import java.util.List;

/**
 * One call of a task recorded in a flow definition: its stage, its position among the calls of the same task
 * in that stage, the output it returned (the placeholder later calls took as input) and the calls it reads
 * from. Found with {@link Flow#task(String)} or {@link Stage#task(String)}, then {@link Task#calls()}.
 *
 * <pre>{@code
 * TaskCall call = flow.stage("clean").task("bigOrders").calls().get(0);
 * Table output = (Table) call.output();
 * }</pre>
 */
public final class TaskCall {
    private final CallHandle handle;

    TaskCall(CallHandle handle) {
        this.handle = handle;
    }

    /** The task's name. */
    public String task() {
        return handle.taskName();
    }

    /** The name of the stage the call was made in. */
    public String stage() {
        return handle.stageHandle().name();
    }

    /** The position of this call among the calls of its task in its stage, from 0. */
    public int index() {
        int index = 0;
        for (CallHandle call : handle.stageHandle().calls()) {
            if (call == handle) {
                return index;
            }
            index += call.taskName().equals(task()) ? 1 : 0;
        }
        throw new IllegalStateException("dag bug: call of task '" + task() + "' not in its stage '" + stage() + "'");
    }

    /**
     * What the call returned while the flow was defined: a {@link Table} or {@link Blob} placeholder, or the
     * record or list of them for a task with several outputs. Pass it to {@link Result#get(Object, Class)}.
     */
    public Object output() {
        return handle.placeholderResult();
    }

    /** The calls whose outputs this call takes as arguments, in the order their outputs are first passed. */
    public List<TaskCall> inputs() {
        return handle.upstream().stream().map(TaskCall::new).toList();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TaskCall call && call.handle == handle;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(handle);
    }

    @Override
    public String toString() {
        return "TaskCall(" + stage() + "." + task() + "#" + index() + ")";
    }
}
