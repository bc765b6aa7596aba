/**
 * The one door from code woven by the agent: {@code TaskBridge}, the only class whose signatures the agent
 * depends on (it calls it by name).
 */
package dev.dag.internal.bridge;
