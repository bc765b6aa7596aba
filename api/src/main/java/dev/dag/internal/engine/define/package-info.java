/**
 * Definition time: flows, stages and recorded task calls (their arguments as they were at the call, identical calls
 * made one), task descriptors read from {@code @Materialize} or the agent's {@code tasks:} config, placeholders.
 */
package dev.dag.internal.engine.define;
