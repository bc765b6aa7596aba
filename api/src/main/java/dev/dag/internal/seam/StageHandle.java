package dev.dag.internal.seam;

/** What {@code Stage} knows of the stage it opened. */
public interface StageHandle {
    /** The stage name. */
    String name();
}
