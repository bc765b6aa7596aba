/**
 * What a task's code may hide from its cache key, said out loud: code that changed under an unchanged manual version
 * ({@code VersionDrift}: a warning, or a refusal with strict versions) and code that reads files, the network, the
 * clock or random numbers ({@code OutsideInputWarnings}).
 */
package dev.dag.internal.engine.trust;
