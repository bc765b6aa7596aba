/**
 * DuckDB: its dialect, its bulk loader (the appender) and how its driver's values are read exactly.
 */
package dev.dag.internal.store.dialect.duckdb;
