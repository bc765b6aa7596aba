/**
 * PostgreSQL: its dialect, its bulk loader ({@code COPY} and the text of a value in it), how its driver's values
 * are read exactly, and its session coordination with advisory locks.
 */
package dev.dag.internal.store.dialect.postgres;
