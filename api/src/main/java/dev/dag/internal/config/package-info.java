/**
 * {@code dag.yaml} loading, and secrets: which names hold one, passwords taken out of URLs and exceptions, and the
 * keyed hash that stands for a secret in a cache key.
 */
package dev.dag.internal.config;
