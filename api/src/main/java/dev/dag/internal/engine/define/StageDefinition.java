package dev.dag.internal.engine.define;

import dev.dag.internal.seam.StageHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One stage of a flow definition and the task calls recorded in it, in call order. */
public final class StageDefinition implements StageHandle {
    private final FlowDefinition flow;
    private final String name;
    private final List<TaskInvocation> invocations = new ArrayList<>();
    /** Calls per task name, kept as they are added: every call of a run asks (see {@link #callsOf}). */
    private final Map<String, Integer> callsByTask = new HashMap<>();
    private boolean closed;

    public StageDefinition(FlowDefinition flow, String name) {
        this.flow = flow;
        this.name = name;
    }

    /** The stage name. */
    public String name() {
        return name;
    }

    public FlowDefinition flow() {
        return flow;
    }

    @Override
    public List<TaskInvocation> calls() {
        return invocations();
    }

    public List<TaskInvocation> invocations() {
        return Collections.unmodifiableList(invocations);
    }

    public void add(TaskInvocation invocation) {
        invocations.add(invocation);
        callsByTask.merge(invocation.taskName(), 1, Integer::sum);
    }

    /** The call recorded in this stage that {@code call} repeats (same method, arguments and receiver), or null. */
    TaskInvocation sameCall(TaskInvocation call) {
        if (call.callState() == null) {
            return null;
        }
        for (TaskInvocation recorded : invocations) {
            if (recorded.descriptor().method().equals(call.descriptor().method()) && recorded.callState() != null
                    && recorded.callState().identity().equals(call.callState().identity())) {
                return recorded;
            }
        }
        return null;
    }

    /** How many calls of a task of this name the stage holds (identical calls count once). */
    public long callsOf(String task) {
        return callsByTask.getOrDefault(task, 0);
    }

    boolean isClosed() {
        return closed;
    }

    void close() {
        closed = true;
    }
}
