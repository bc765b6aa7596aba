package dev.dag.internal.store.dialect;

/**
 * What a database can do, as named facts the engine chooses its strategies by ("can it do X?", never "is it Y?").
 *
 * @param transactionalDdl       a table's {@code CREATE}, a view's replacement and rows of dag's metadata commit
 *                               or roll back together in one transaction: a table and its record are written at
 *                               once, and a stage's views and its metadata are published at once
 * @param readersLockRelations   readers hold locks on the views and tables they read that a publish or a drop
 *                               waits for ({@link Dialect#lockTimeout} and {@link Dialect#selectLockHolders} are
 *                               present)
 * @param crossProcessLocks      runs of several processes share the database and take turns through locks it
 *                               keeps ({@link Dialect#coordination}); without, one process at a time opens it
 * @param leaseLocks             it keeps leases in a table for connections without a session of their own
 *                               ({@link Dialect#leaseCoordination} is present)
 * @param costlyPrepare          preparing a statement costs about as much as running it (no server keeps plans):
 *                               dag keeps its own metadata statements prepared on each connection
 * @param indexedLookups         an index finds a few rows of a table of thousands faster than a scan, and costs its
 *                               writes little: dag's metadata keeps indexes for a run's lookups (a stage's records,
 *                               a run by its id), which otherwise grow with the history. Not on an embedded
 *                               columnar database, whose scans of small tables cost less than keeping an index.
 * @param costlyCatalogListing   listing the tables of one schema costs in proportion to every table of the database
 *                               (DuckDB reads its whole catalog for it), while binding a statement to named tables
 *                               does not: a run that only needs to know its own tables exist asks for them by name
 *                               ({@link Dialect#probeRelations})
 */
public record Capabilities(boolean transactionalDdl, boolean readersLockRelations, boolean crossProcessLocks,
                           boolean leaseLocks, boolean costlyPrepare, boolean indexedLookups,
                           boolean costlyCatalogListing) {
}
