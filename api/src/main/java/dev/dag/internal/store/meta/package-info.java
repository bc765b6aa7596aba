/**
 * dag's own records ({@code dag_meta}) behind one interface, {@code Metadata}: its format and upgrades, the
 * object registry, the cache entries and the run log, and the run history the command line reads.
 */
package dev.dag.internal.store.meta;
