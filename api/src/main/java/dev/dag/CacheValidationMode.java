package dev.dag;

/** How a run treats the cache (pipedag's cache validation modes). */
public enum CacheValidationMode {
    /** Skip every task whose version, inputs, constant arguments and source fingerprint are unchanged. */
    NORMAL,
    /** Like NORMAL, but a changed source fingerprint ({@link Materialize#freshness()}) does not rerun a task. */
    IGNORE_FRESH_INPUT,
    /** Like NORMAL, but every task that declares a source fingerprint reruns, changed or not. */
    FORCE_FRESH_INPUT,
    /** Every task runs and every table is rebuilt, lazy ones included. */
    FORCE_CACHE_INVALID,
    /** Fails the run, naming the tasks, if any task's source fingerprint changed since the last commit. */
    ASSERT_NO_FRESH_INPUT
}
