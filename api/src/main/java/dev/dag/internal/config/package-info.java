/**
 * {@code dag.yaml} loading.
 */
package dev.dag.internal.config;
