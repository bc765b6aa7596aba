/**
 * Dropping what no version uses: leftovers of dead runs, old versions' tables once no live run may read them,
 * and the maintenance commands ({@code gc}, {@code drop-stage}).
 */
package dev.dag.internal.engine.stage.cleanup;
