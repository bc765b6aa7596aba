/**
 * What this process remembers of a store between its runs, where it is known to be exact, so that a run need not
 * read it: the flows of its latest runs, and on an embedded database (one process opens it) each stage's records as
 * the last run to hold the stage's lock left them.
 */
package dev.dag.internal.store.meta.memory;
