/**
 * What the current thread is doing for dag ({@code ThreadState}), its legal changes ({@code ThreadStates}), and
 * stack traces that point at the user's line.
 */
package dev.dag.internal.engine.context;
