package dev.dag.internal.seam;

import java.util.List;

/** What {@code TaskCall} knows of one recorded call of a task in a flow definition. */
public interface CallHandle {
    /** The task's name. */
    String taskName();

    /** The stage the call was made in. */
    StageHandle stageHandle();

    /** What the call returned while the flow was defined: the placeholder of its output(s). */
    Object placeholderResult();

    /** The calls whose outputs this call takes as arguments. */
    List<? extends CallHandle> upstream();
}
