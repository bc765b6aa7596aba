/**
 * Columns to Java rows: records and maps, each value converted only when it stays the same.
 */
package dev.dag.internal.rows.read;
