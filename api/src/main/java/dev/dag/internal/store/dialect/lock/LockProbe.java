package dev.dag.internal.store.dialect.lock;

import java.util.List;

/**
 * A query a run asks to have answered under a lock, right after taking it, where the coordination can send both in
 * one round trip to the database: what a run read before could then be checked without a read of its own.
 *
 * @param sql        a query of one row whose first column is text
 * @param parameters its parameters, in order
 */
public record LockProbe(String sql, List<Object> parameters) {
    public LockProbe {
        parameters = List.copyOf(parameters);
    }
}
