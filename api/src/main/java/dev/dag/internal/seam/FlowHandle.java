package dev.dag.internal.seam;

import java.util.List;

/** What {@code Flow} knows of its definition. */
public interface FlowHandle {
    /** The flow name. */
    String name();

    /** Stage names in definition order. */
    List<String> stageNames();

    /** The stages, in definition order. */
    List<? extends StageHandle> stageHandles();

    /** Whether the definition block has ended. */
    boolean isClosed();
}
