package dev.dag.internal.engine.report;

import dev.dag.Materialization;
import dev.dag.MaterializedTable;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link RunReport} of a run from its result, the flow's definition (the graph) and what the
 * {@link ReportRecorder} heard (each table's SQL and rows); or of a plan.
 */
public final class ReportBuilder {
    private ReportBuilder() {
    }

    /** The report of a finished run; {@code failure} is its first failure's message, or null. */
    public static RunReport ofRun(FlowDefinition flow, Result result, ReportRecorder recorder, String instance,
                                  Instant startedAt, String failure) {
        Ordinals ordinals = new Ordinals();
        List<RunReport.Task> tasks = new ArrayList<>();
        for (TaskResult task : result.tasks()) {
            tasks.add(new RunReport.Task(ordinals.next(task.stage(), task.task()), task.stage(), task.task(),
                    task.outcome().name(), task.reason(), task.millis(), task.rowsWritten(), tables(task, recorder),
                    task.warnings(), task.error().map(Throwable::getMessage).orElse(null)));
        }
        return new RunReport(flow.name(), result.runId(), "run", instance, result.successful() ? "succeeded"
                : "failed", startedAt.toString(), result.millis(), failure, tasks, edges(flow));
    }

    /** The report of a plan: each task's decision, and the tables it would keep or rebuild. */
    public static RunReport ofPlan(FlowDefinition flow, Plan plan, String runId, Instant startedAt) {
        Ordinals ordinals = new Ordinals();
        List<RunReport.Task> tasks = new ArrayList<>();
        for (PlannedTask task : plan.tasks()) {
            List<RunReport.TableInfo> tables = new ArrayList<>();
            task.keptTables().forEach(name -> tables.add(new RunReport.TableInfo(name, "CACHE_VALID", false, -1, null,
                    null)));
            task.rebuiltTables().forEach(name -> tables.add(new RunReport.TableInfo(name, "REBUILT", false, -1, null,
                    null)));
            tasks.add(new RunReport.Task(ordinals.next(task.stage(), task.task()), task.stage(), task.task(),
                    task.decision().name(), task.reason(), 0, 0, tables, List.of(), null));
        }
        return new RunReport(flow.name(), runId, "plan", plan.instance(), "planned", startedAt.toString(), 0, null,
                tasks, edges(flow));
    }

    private static List<RunReport.TableInfo> tables(TaskResult task, ReportRecorder recorder) {
        List<RunReport.TableInfo> tables = new ArrayList<>();
        if (!task.materializations().isEmpty()) {
            for (MaterializedTable table : task.materializations()) {
                Materialization heard = recorder.table(task.stage(), task.task(), table.name());
                tables.add(new RunReport.TableInfo(table.name(), table.outcome().name(), table.returned(),
                        heard == null ? -1 : heard.rows(), heard == null ? null : heard.sql(),
                        table.callSite() == null ? null : table.callSite().toString()));
            }
            return tables;
        }
        String outcome = task.outcome() == TaskOutcome.SKIPPED ? "COMMITTED" : "CACHE_VALID";
        for (String name : task.tables()) {
            Materialization heard = recorder.table(task.stage(), task.task(), name);
            tables.add(new RunReport.TableInfo(name, outcome, true, heard == null ? -1 : heard.rows(), null, null));
        }
        return tables;
    }

    /** An edge from each producer to each consumer call, by the ids the tasks get in definition order. */
    private static List<RunReport.Edge> edges(FlowDefinition flow) {
        Ordinals ordinals = new Ordinals();
        Map<TaskInvocation, String> ids = new IdentityHashMap<>();
        for (StageDefinition stage : flow.stages()) {
            for (TaskInvocation invocation : stage.invocations()) {
                ids.put(invocation, ordinals.next(stage.name(), invocation.taskName()));
            }
        }
        List<RunReport.Edge> edges = new ArrayList<>();
        ids.forEach((consumer, id) -> consumer.upstream().stream().filter(ids::containsKey).distinct()
                .forEach(producer -> edges.add(new RunReport.Edge(ids.get(producer), id))));
        edges.sort((a, b) -> (a.from() + a.to()).compareTo(b.from() + b.to()));
        return edges;
    }

    /** Ids {@code stage.task} for a task's first call in its stage, {@code stage.task#2} for its second, ... */
    private static final class Ordinals {
        private final Map<String, Integer> seen = new HashMap<>();

        String next(String stage, String task) {
            String id = stage + "." + task;
            int count = seen.merge(id, 1, Integer::sum);
            return count == 1 ? id : id + "#" + count;
        }
    }
}
