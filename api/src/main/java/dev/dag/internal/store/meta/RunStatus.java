package dev.dag.internal.store.meta;

/** How a run ended, as the metadata's {@code runs} table records it ({@link #stored()}). */
public enum RunStatus {
    SUCCEEDED("succeeded"),
    FAILED("failed"),
    /** The JVM exited while the run was open ({@code System.exit}, a signal): nothing open was committed. */
    ABORTED("aborted");

    private final String stored;

    RunStatus(String stored) {
        this.stored = stored;
    }

    /** The text in the metadata. */
    public String stored() {
        return stored;
    }
}
