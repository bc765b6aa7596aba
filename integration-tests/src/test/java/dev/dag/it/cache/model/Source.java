package dev.dag.it.cache.model;

/** What a generated table reads: input {@code index} of its task, or the {@code index}-th table it materialized. */
record Source(boolean local, int index) {
    static Source input(int index) {
        return new Source(false, index);
    }

    static Source local(int index) {
        return new Source(true, index);
    }

    /** The Java variable holding it in the task body. */
    String variable() {
        return (local ? "l" : "in") + index;
    }
}
