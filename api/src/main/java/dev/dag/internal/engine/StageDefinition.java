package dev.dag.internal.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** One stage of a flow definition and the task calls recorded in it, in call order. */
public final class StageDefinition {
    private final FlowDefinition flow;
    private final String name;
    private final List<TaskInvocation> invocations = new ArrayList<>();
    private boolean closed;

    StageDefinition(FlowDefinition flow, String name) {
        this.flow = flow;
        this.name = name;
    }

    /** The stage name. */
    public String name() {
        return name;
    }

    FlowDefinition flow() {
        return flow;
    }

    List<TaskInvocation> invocations() {
        return Collections.unmodifiableList(invocations);
    }

    void add(TaskInvocation invocation) {
        invocations.add(invocation);
    }

    boolean isClosed() {
        return closed;
    }

    void close() {
        closed = true;
    }
}
