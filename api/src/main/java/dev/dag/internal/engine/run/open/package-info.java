/**
 * The runs open in the JVM, for what happens outside their thread: the shutdown hook that records runs the JVM
 * exits under as aborted, and task methods called on threads that work for no run.
 */
package dev.dag.internal.engine.run.open;
