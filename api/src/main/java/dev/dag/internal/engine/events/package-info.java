/**
 * A run's events for its {@code RunListener}s ({@code RunEvents}), dag's own progress log, the progress
 * thread.
 */
package dev.dag.internal.engine.events;
