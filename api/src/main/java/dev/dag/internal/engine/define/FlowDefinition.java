package dev.dag.internal.engine.define;

import dev.dag.internal.seam.FlowHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.List;

/** A flow as recorded while its definition block ran: stages in order, each with its task calls. */
public final class FlowDefinition implements FlowHandle {
    private final String name;
    private final List<StageDefinition> stages = new ArrayList<>();
    private boolean closed;

    public FlowDefinition(String name) {
        this.name = name;
    }

    /** The flow name. */
    public String name() {
        return name;
    }

    /** Whether the definition block has ended. */
    @Override
    public boolean isClosed() {
        return closed;
    }

    /** Stage names in definition order. */
    public List<String> stageNames() {
        return stages.stream().map(StageDefinition::name).toList();
    }

    @Override
    public List<StageDefinition> stageHandles() {
        return stages();
    }

    public List<StageDefinition> stages() {
        return Collections.unmodifiableList(stages);
    }

    public void add(StageDefinition stage) {
        stages.add(stage);
    }

    void close() {
        closed = true;
    }

    /**
     * Orders task calls as the flow defines them, stage after stage: the order of a run's results and of its plan,
     * whatever order the tasks ended in. A call of another flow comes last.
     */
    public Comparator<TaskInvocation> definitionOrder() {
        Map<TaskInvocation, Integer> position = new IdentityHashMap<>();
        for (StageDefinition stage : stages) {
            stage.invocations().forEach(invocation -> position.put(invocation, position.size()));
        }
        return Comparator.comparing(invocation -> position.getOrDefault(invocation, Integer.MAX_VALUE));
    }

    public int taskCount() {
        return stages.stream().mapToInt(stage -> stage.invocations().size()).sum();
    }
}
