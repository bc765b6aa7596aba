/**
 * An instance seen from outside a run, for the command line: stages, runs, explanations, garbage, dropping a
 * stage, a reset ({@code InstanceAdmin}).
 */
package dev.dag.internal.admin;
