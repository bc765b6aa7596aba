/**
 * Cache keys and the rules that decide "never stale": canonical JSON, task keys, rerun reasons, cache entries.
 * No JDBC, no table store: {@code store.meta} keeps what these rules decided.
 */
package dev.dag.internal.cache;
