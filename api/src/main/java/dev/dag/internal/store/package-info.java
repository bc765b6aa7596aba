/**
 * The table store of one instance: pool, schemas, physical tables, the view swap of a publish, name rules
 * ({@code Database}, {@code StagePublisher}).
 */
package dev.dag.internal.store;
