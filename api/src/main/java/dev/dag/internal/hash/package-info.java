/**
 * SHA-256 in hex, the form of every cache key. A leaf: it uses nothing of dag.
 */
package dev.dag.internal.hash;
