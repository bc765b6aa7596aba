package dev.dag.internal.engine.materialize;

/**
 * Why a task's result must not be trusted (a debug write, a table materialized twice), and the line
 * that caused it. The first cause is kept.
 */
final class Taint {
    private String why;
    private StackTraceElement site;

    void mark(String cause, StackTraceElement at) {
        if (why == null) {
            why = cause + (at == null ? "" : " at " + at);
            site = at;
        }
    }

    /** Why the task is tainted, or null. */
    String why() {
        return why;
    }

    /** The line that tainted the task, when the agent captured it. */
    StackTraceElement site() {
        return site;
    }
}
