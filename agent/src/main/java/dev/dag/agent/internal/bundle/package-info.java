/**
 * The dag the agent carries, for applications that do not ship dag-api: its jars (dag-api, Jackson, HikariCP,
 * SLF4J, the JDBC drivers, ASM) sit unchanged in the agent jar's {@code dag-bundle/} folder and load in a class
 * loader of their own, apart from the application's libraries; woven code reaches them through
 * {@link dev.dag.agent.internal.bundle.BundledTaskBridge}.
 */
package dev.dag.agent.internal.bundle;
