package dev.dag.internal.engine.plan;

import dev.dag.Plan;
import dev.dag.PlannedTask;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link Plan} like a run summary: one line per task, grouped by stage, with its decision and reason;
 * then, per stage, the tables a run would keep and rebuild.
 */
final class PlanFormatter {
    private static final String[] HEADER = {"stage", "task", "decision", "reason"};
    private static final int MAX_REASON = 90;

    private PlanFormatter() {
    }

    static String format(Plan plan) {
        List<String[]> lines = new ArrayList<>();
        lines.add(HEADER);
        Map<String, List<PlannedTask>> byStage = new LinkedHashMap<>();
        String previousStage = null;
        for (PlannedTask task : plan.tasks()) {
            lines.add(new String[] {task.stage().equals(previousStage) ? "" : task.stage(), task.task(),
                    task.decision().name(), shorten(task.reason())});
            previousStage = task.stage();
            byStage.computeIfAbsent(task.stage(), stage -> new ArrayList<>()).add(task);
        }
        StringBuilder out = new StringBuilder();
        out.append("Plan of flow '").append(plan.flowName()).append("' on ").append(plan.instance()).append(": ")
                .append(count(plan, PlannedTask.Decision.RUN)).append(" would run, ")
                .append(plan.tasks().size() - count(plan, PlannedTask.Decision.RUN)).append(" would not")
                .append(unknownNote(plan)).append('\n');
        appendColumns(out, lines);
        out.append("  tables\n");
        byStage.forEach((stage, tasks) -> out.append("  ").append(stage).append(": keeps ")
                .append(names(tasks, true)).append("; rebuilds ").append(names(tasks, false)).append('\n'));
        return out.toString().replaceAll(" +\n", "\n");
    }

    private static long count(Plan plan, PlannedTask.Decision decision) {
        return plan.tasks(decision).size();
    }

    private static String unknownNote(Plan plan) {
        long unknown = count(plan, PlannedTask.Decision.UNKNOWN);
        return unknown == 0 ? "" : " (" + unknown + " unknown until they run)";
    }

    private static String names(List<PlannedTask> tasks, boolean kept) {
        List<String> names = new ArrayList<>();
        for (PlannedTask task : tasks) {
            if (kept) {
                names.addAll(task.keptTables());
            } else if (task.tablesAsLastRun()) {
                names.add("the tables of " + task.task() + (task.rebuiltTables().isEmpty() ? ""
                        : " (last time " + String.join(", ", task.rebuiltTables()) + ")"));
            } else {
                names.addAll(task.rebuiltTables());
            }
        }
        return names.isEmpty() ? "nothing" : String.join(", ", names);
    }

    private static void appendColumns(StringBuilder out, List<String[]> lines) {
        int[] widths = new int[HEADER.length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                out.append("  ").append(line[i]).append(" ".repeat(widths[i] - line[i].length()));
            }
            out.append('\n');
        }
    }

    private static String shorten(String text) {
        String oneLine = text.replace('\n', ' ');
        return oneLine.length() <= MAX_REASON ? oneLine : oneLine.substring(0, MAX_REASON - 3) + "...";
    }
}
