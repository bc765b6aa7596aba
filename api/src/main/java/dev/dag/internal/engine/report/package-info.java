/**
 * The run report: its model ({@code RunReport}, kept as JSON in the metadata), built from a run or a plan, and
 * the self-contained HTML page with its SVG graph.
 */
package dev.dag.internal.engine.report;
