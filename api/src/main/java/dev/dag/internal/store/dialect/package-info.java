/**
 * What every database must say: the {@code Dialect} contract with its named capabilities, the SQL most databases
 * share ({@code StandardSql}), the statements of dag's metadata tables. Knows nothing above it.
 */
package dev.dag.internal.store.dialect;
