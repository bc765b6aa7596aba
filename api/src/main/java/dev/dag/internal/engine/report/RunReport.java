package dev.dag.internal.engine.report;

import java.util.List;

/**
 * Everything the HTML report of a run (or a plan) shows, kept as JSON in the metadata so that the report of any
 * stored run can be written later ({@code dag report RUN}).
 *
 * @param flow      the flow's name
 * @param runId     the run's id
 * @param kind      {@code run} or {@code plan}
 * @param instance  the instance, with its URL (credentials removed)
 * @param status    {@code succeeded}, {@code failed} or, for a plan, {@code planned}
 * @param startedAt when the run started (ISO-8601)
 * @param millis    the run's wall time
 * @param failure   the run's first failure, or null
 * @param tasks     every task, in the order the run took them
 * @param edges     input edges between tasks (by {@link Task#id()})
 */
public record RunReport(String flow, String runId, String kind, String instance, String status, String startedAt,
                        long millis, String failure, List<Task> tasks, List<Edge> edges) {

    /** Copies the lists. */
    public RunReport {
        tasks = List.copyOf(tasks);
        edges = List.copyOf(edges);
    }

    /**
     * One task of the run.
     *
     * @param id       unique in the report: stage, task and the call's ordinal in its stage
     * @param outcome  the run's outcome, or the plan's decision
     * @param rows     rows written (0 when nothing was written)
     * @param error    the failure's message, or null
     */
    public record Task(String id, String stage, String task, String outcome, String reason, long millis, long rows,
                       List<TableInfo> tables, List<String> warnings, String error) {
        /** Copies the lists. */
        public Task {
            tables = List.copyOf(tables);
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * A table of a task.
     *
     * @param outcome  {@code WRITTEN}, {@code CACHE_VALID} (kept) or, in a plan, {@code REBUILT}
     * @param rows     its rows, -1 when unknown
     * @param sql      the query the task gave, or null
     * @param callSite the task's line that materialized it, or null
     */
    public record TableInfo(String name, String outcome, boolean returned, long rows, String sql, String callSite) {
    }

    /** {@code from} is an input of {@code to}. */
    public record Edge(String from, String to) {
    }
}
