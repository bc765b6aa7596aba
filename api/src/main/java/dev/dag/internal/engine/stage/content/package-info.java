/**
 * How one table's content gets into the database inside its write transaction: a query, a reference or in-memory
 * rows through the dialect's bulk path, keys and indexes, {@code NOT NULL} columns, and the hint added when the
 * SQL names a column in another spelling than the one dag derived from Java.
 */
package dev.dag.internal.engine.stage.content;
