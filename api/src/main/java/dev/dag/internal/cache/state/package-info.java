/**
 * The canonical JSON of a value's full state (private fields, lambdas, sorted sets and maps, secrets by their keyed
 * hash), for the keys of task arguments and receivers; one class per kind of value.
 */
package dev.dag.internal.cache.state;
