/**
 * The one door from {@code dev.dag} into the internals: {@code Engine} (static entry points), the handles the
 * public classes hold, and {@code TableAccess} for the private state of {@code Table}, {@code Blob} and
 * {@code TableRef}.
 */
package dev.dag.internal.seam;
