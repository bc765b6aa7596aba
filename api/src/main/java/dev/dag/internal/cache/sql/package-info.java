/**
 * Readings of SQL text: its canonical form for a lazy table's key, the tables it reads and the calls whose
 * value changes from run to run.
 */
package dev.dag.internal.cache.sql;
