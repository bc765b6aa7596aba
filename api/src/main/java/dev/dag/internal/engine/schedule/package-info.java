/**
 * When each step of a flow run happens: tasks as soon as their inputs exist, up to {@code parallelism} at once,
 * stages begun and published in definition order, fail-fast after the first failure.
 */
package dev.dag.internal.engine.schedule;
