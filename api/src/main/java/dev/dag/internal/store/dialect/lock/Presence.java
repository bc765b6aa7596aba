package dev.dag.internal.store.dialect.lock;

/**
 * A run's mark that it is live, from the start of the run to its end: other runs leave alone what a live run
 * wrote or may still read. It ends when it is closed, or when the run's process dies.
 */
public interface Presence extends AutoCloseable {
    @Override
    void close();
}
