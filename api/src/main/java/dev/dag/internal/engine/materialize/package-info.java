/**
 * Inside a task body: the task's scope ({@code TaskScope}), {@code materialize()} ({@code Materializer}),
 * writing what the body returned, lazy table keys.
 */
package dev.dag.internal.engine.materialize;
