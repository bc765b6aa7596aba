package dev.dag;

/** What happened to a task in a run. */
public enum TaskOutcome {
    /** The body ran and its outputs were written. */
    RAN,
    /** The task was cache-valid: the body did not run, its stored outputs were carried over. */
    CACHE_VALID,
    /** A lazy task's body ran, and every table it produced was unchanged and reused without executing. */
    LAZY_CACHE_VALID,
    /** The body threw or its outputs could not be written. */
    FAILED,
    /**
     * The task did not run: a test run gave its output instead ({@link RunOptions#withOverride}); its stage is not
     * published.
     */
    OVERRIDDEN,
    /** Not run because an input failed or the run stopped early. */
    SKIPPED
}
