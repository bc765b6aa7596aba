package dev.dag.internal.engine.report;

import dev.dag.Result;
import dev.dag.TaskResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link Result} as a plain-text table, one task per row, grouped by stage: {@code rows} counts the rows
 * of the tables a task returned, {@code written} every row it wrote in this run (its intermediate tables included).
 * A long reason is wrapped onto the lines below, never cut.
 */
public final class SummaryFormatter {
    private static final String[] HEADER = {"stage", "task", "outcome", "rows", "written", "ms", "reason"};
    private static final int REASON = HEADER.length - 1;
    private static final int REASON_WIDTH = 70;

    private SummaryFormatter() {
    }

    /** The summary of {@code result}. */
    public static String format(Result result) {
        List<String[]> lines = new ArrayList<>();
        lines.add(HEADER);
        String previousStage = null;
        for (TaskResult task : result.tasks()) {
            String stage = task.stage().equals(previousStage) ? "" : task.stage();
            previousStage = task.stage();
            lines.add(new String[] {stage, task.task(), task.outcome().name(), String.format("%,d", task.rowsReturned()),
                    String.format("%,d", task.rowsWritten()), String.format("%,d", task.millis()),
                    task.reason().replace('\n', ' ')});
        }
        int[] widths = new int[REASON];
        for (String[] line : lines) {
            for (int i = 0; i < REASON; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("Flow '").append(result.flowName()).append("', run ").append(result.runId()).append(": ")
                .append(result.successful() ? "successful" : "FAILED").append(" in ")
                .append(String.format("%,d", result.millis())).append(" ms\n");
        int reasonColumn = 0;
        for (int width : widths) {
            reasonColumn += 2 + width;
        }
        for (String[] line : lines) {
            for (int i = 0; i < REASON; i++) {
                boolean numeric = i >= 3;
                out.append("  ").append(pad(line[i], widths[i], numeric));
            }
            List<String> reason = wrapped(line[REASON]);
            out.append("  ").append(reason.get(0)).append('\n');
            for (String more : reason.subList(1, reason.size())) {
                out.append(" ".repeat(reasonColumn + 2)).append(more).append('\n');
            }
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

    /** {@code text} in lines of at most {@link #REASON_WIDTH} characters, broken at spaces (a longer word stays whole). */
    static List<String> wrapped(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > REASON_WIDTH) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    private static String pad(String text, int width, boolean right) {
        String padding = " ".repeat(width - text.length());
        return right ? padding + text : text + padding;
    }
}
