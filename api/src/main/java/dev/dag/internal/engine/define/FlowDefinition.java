package dev.dag.internal.engine.define;

import dev.dag.internal.seam.FlowHandle;
import java.util.ArrayList;
import java.util.Collections;
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

    public int taskCount() {
        return stages.stream().mapToInt(stage -> stage.invocations().size()).sum();
    }
}
