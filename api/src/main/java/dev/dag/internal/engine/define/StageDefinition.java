package dev.dag.internal.engine.define;

import dev.dag.internal.seam.StageHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** One stage of a flow definition and the task calls recorded in it, in call order. */
public final class StageDefinition implements StageHandle {
    private final FlowDefinition flow;
    private final String name;
    private final List<TaskInvocation> invocations = new ArrayList<>();
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
        return invocations.stream().filter(invocation -> invocation.taskName().equals(task)).count();
    }

    boolean isClosed() {
        return closed;
    }

    void close() {
        closed = true;
    }
}
