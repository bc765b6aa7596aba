/**
 * Java rows to columns: the type mapping of docs/types.md, columns of records and maps, each value checked to be
 * stored exactly or refused ({@code ValueRefusal}); digests of in-memory rows.
 */
package dev.dag.internal.rows;
