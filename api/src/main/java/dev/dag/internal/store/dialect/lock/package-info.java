/**
 * How runs take turns and see each other, per lock mode: the contract ({@code Coordination}, {@code StageLock})
 * and the strategies any database can use (within the JVM, leases in a table).
 */
package dev.dag.internal.store.dialect.lock;
