/**
 * Test overrides ({@code RunOptions.withOverride}): the calls whose outputs a test run gives instead of running them,
 * checked before the run starts, and each override written into its stage under a key of its own.
 */
package dev.dag.internal.engine.override;
