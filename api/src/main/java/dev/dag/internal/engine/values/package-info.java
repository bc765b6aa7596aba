/**
 * Values every phase of the engine passes around: the one walk over arguments ({@code ValueWalker}), return
 * shapes, stored tables, records, blobs. The bottom of the engine's inner order.
 */
package dev.dag.internal.engine.values;
