/**
 * Run time: one {@code Run} and the steps every run goes through; {@code FlowRunner} (defined flows) and
 * {@code EagerRun} (code that calls tasks directly) order them; task keys, argument binding, results. The top of
 * the engine's inner order (docs/architecture.md).
 */
package dev.dag.internal.engine.run;
