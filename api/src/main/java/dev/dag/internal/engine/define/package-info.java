/**
 * Definition time: flows, stages and recorded task calls, task descriptors read from {@code @Materialize} or
 * the agent's {@code tasks:} config, placeholders.
 */
package dev.dag.internal.engine.define;
