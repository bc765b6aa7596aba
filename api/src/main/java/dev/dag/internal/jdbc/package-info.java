/**
 * JDBC plumbing under everything that talks to a database: the one transaction rule ({@link
 * dev.dag.internal.jdbc.Transactions}) and prepared queries read into values ({@link dev.dag.internal.jdbc.Queries}).
 * Knows no dag concept.
 */
package dev.dag.internal.jdbc;
