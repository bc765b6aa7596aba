/**
 * The public API of dag: values ({@code Table}, {@code TableRef}, {@code Blob}, options, results) and thin
 * entry points ({@code Flow}, {@code Stage}, {@code RunContext}). No SQL, no JDBC: everything else is reached through
 * {@code internal.seam}.
 */
package dev.dag;
