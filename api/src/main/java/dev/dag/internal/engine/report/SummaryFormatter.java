package dev.dag.internal.engine.report;

import dev.dag.Result;
import dev.dag.TaskResult;
import java.util.ArrayList;
import java.util.List;

/** Renders a {@link Result} as a plain-text table, one line per task, grouped by stage. */
public final class SummaryFormatter {
    private static final String[] HEADER = {"stage", "task", "outcome", "rows", "ms", "reason"};
    private static final int MAX_REASON = 70;

    private SummaryFormatter() {
    }

    public static String format(Result result) {
        List<String[]> lines = new ArrayList<>();
        lines.add(HEADER);
        String previousStage = null;
        for (TaskResult task : result.tasks()) {
            String stage = task.stage().equals(previousStage) ? "" : task.stage();
            previousStage = task.stage();
            lines.add(new String[] {stage, task.task(), task.outcome().name(), String.format("%,d", task.rowsWritten()),
                    String.format("%,d", task.millis()), shorten(task.reason())});
        }
        int[] widths = new int[HEADER.length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("Flow '").append(result.flowName()).append("', run ").append(result.runId()).append(": ")
                .append(result.successful() ? "successful" : "FAILED").append(" in ")
                .append(String.format("%,d", result.millis())).append(" ms\n");
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                boolean numeric = i == 3 || i == 4;
                String cell = numeric ? pad(line[i], widths[i], true) : pad(line[i], widths[i], false);
                out.append(i == 0 ? "  " : "  ").append(cell);
            }
            out.append('\n');
        }
        for (TaskResult task : result.tasks()) {
            for (String warning : task.warnings()) {
                out.append("  warning: ").append(task.stage()).append('.').append(task.task()).append(' ')
                        .append(warning).append('\n');
            }
        }
        for (String warning : result.warnings()) {
            out.append("  warning: ").append(warning).append('\n');
        }
        return out.toString().replaceAll(" +\n", "\n");
    }

    private static String shorten(String text) {
        String oneLine = text.replace('\n', ' ');
        return oneLine.length() <= MAX_REASON ? oneLine : oneLine.substring(0, MAX_REASON - 3) + "...";
    }

    private static String pad(String text, int width, boolean right) {
        String padding = " ".repeat(width - text.length());
        return right ? padding + text : text + padding;
    }
}
