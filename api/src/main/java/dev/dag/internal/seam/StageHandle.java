package dev.dag.internal.seam;

import java.util.List;

/** What {@code Stage} knows of the stage it opened. */
public interface StageHandle {
    /** The stage name. */
    String name();

    /** The task calls recorded in the stage so far, in call order. */
    List<? extends CallHandle> calls();
}
