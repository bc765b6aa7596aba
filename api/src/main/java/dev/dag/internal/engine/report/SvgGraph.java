package dev.dag.internal.engine.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The flow as an SVG graph: one column per stage (in run order) framed as a group, one box per task coloured by its
 * outcome (CSS class {@code o-<OUTCOME>}), an arrow from each input's task to the task reading it.
 */
final class SvgGraph {
    private static final int NODE_WIDTH = 210;
    private static final int NODE_HEIGHT = 50;
    private static final int NODE_GAP = 16;
    private static final int STAGE_PADDING = 14;
    private static final int STAGE_HEADER = 30;
    private static final int STAGE_GAP = 80;
    private static final int MARGIN = 12;
    private static final int MAX_NAME = 26;

    private SvgGraph() {
    }

    /** A task's box: its column's left edge and its top. */
    private record Box(int x, int y) {
    }

    static String of(RunReport report) {
        Map<String, List<RunReport.Task>> stages = new LinkedHashMap<>();
        report.tasks().forEach(task -> stages.computeIfAbsent(task.stage(), stage -> new ArrayList<>()).add(task));
        Map<String, Box> boxes = new HashMap<>();
        StringBuilder groups = new StringBuilder();
        int column = 0;
        int tallest = 0;
        for (Map.Entry<String, List<RunReport.Task>> stage : stages.entrySet()) {
            int x = MARGIN + column * (NODE_WIDTH + 2 * STAGE_PADDING + STAGE_GAP);
            List<RunReport.Task> tasks = stage.getValue();
            int height = STAGE_HEADER + tasks.size() * (NODE_HEIGHT + NODE_GAP) - NODE_GAP + STAGE_PADDING;
            tallest = Math.max(tallest, height);
            groups.append("<g class=\"stage\" data-stage=\"").append(Html.escape(stage.getKey())).append("\">")
                    .append("<rect x=\"").append(x).append("\" y=\"").append(MARGIN).append("\" width=\"")
                    .append(NODE_WIDTH + 2 * STAGE_PADDING).append("\" height=\"").append(height)
                    .append("\" rx=\"10\"/><text class=\"stage-name\" x=\"").append(x + STAGE_PADDING).append("\" y=\"")
                    .append(MARGIN + 20).append("\">").append(Html.escape(stage.getKey())).append("</text>");
            for (int i = 0; i < tasks.size(); i++) {
                Box box = new Box(x + STAGE_PADDING, MARGIN + STAGE_HEADER + i * (NODE_HEIGHT + NODE_GAP));
                boxes.put(tasks.get(i).id(), box);
                node(groups, tasks.get(i), box);
            }
            groups.append("</g>");
            column++;
        }
        int width = 2 * MARGIN + Math.max(1, column) * (NODE_WIDTH + 2 * STAGE_PADDING + STAGE_GAP) - STAGE_GAP;
        int height = 2 * MARGIN + tallest;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg role=\"img\" aria-label=\"the flow's tasks and their "
                + "inputs\" width=\"").append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ")
                .append(width).append(' ').append(height).append("\"><defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" "
                + "refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
                + "<path d=\"M 0 0 L 10 5 L 0 10 z\"/></marker></defs>");
        svg.append(groups);
        for (RunReport.Edge edge : report.edges()) {
            Box from = boxes.get(edge.from());
            Box to = boxes.get(edge.to());
            if (from != null && to != null) {
                edge(svg, edge, from, to);
            }
        }
        return svg.append("</svg>").toString();
    }

    private static void node(StringBuilder out, RunReport.Task task, Box box) {
        String detail = task.outcome() + (task.rows() > 0 ? " · " + String.format("%,d", task.rows()) + " rows" : "")
                + (task.millis() > 0 ? " · " + String.format("%,d", task.millis()) + " ms" : "");
        out.append("<g class=\"task o-").append(Html.escape(task.outcome())).append("\" data-task-id=\"")
                .append(Html.escape(task.id())).append("\" data-outcome=\"").append(Html.escape(task.outcome()))
                .append("\"><title>").append(Html.escape(task.stage() + "." + task.task() + ": " + task.reason()))
                .append("</title><rect x=\"").append(box.x()).append("\" y=\"").append(box.y()).append("\" width=\"")
                .append(NODE_WIDTH).append("\" height=\"").append(NODE_HEIGHT).append("\" rx=\"6\"/>")
                .append("<text class=\"task-name\" x=\"").append(box.x() + 10).append("\" y=\"").append(box.y() + 21)
                .append("\">").append(Html.escape(Html.shorten(task.task(), MAX_NAME))).append("</text>")
                .append("<text class=\"task-outcome\" x=\"").append(box.x() + 10).append("\" y=\"")
                .append(box.y() + 40).append("\">").append(Html.escape(detail)).append("</text></g>");
    }

    /** Left to right between stages; a bow on the right side between tasks of one stage. */
    private static void edge(StringBuilder out, RunReport.Edge edge, Box from, Box to) {
        int y1 = from.y() + NODE_HEIGHT / 2;
        int y2 = to.y() + NODE_HEIGHT / 2;
        String path;
        if (from.x() == to.x()) {
            int x = from.x() + NODE_WIDTH;
            int bow = 30 + Math.abs(y2 - y1) / 6;
            path = "M " + x + " " + y1 + " C " + (x + bow) + " " + y1 + ", " + (x + bow) + " " + y2 + ", " + x + " " + y2;
        } else {
            int x1 = from.x() + NODE_WIDTH;
            int x2 = to.x();
            int middle = (x1 + x2) / 2;
            path = "M " + x1 + " " + y1 + " C " + middle + " " + y1 + ", " + middle + " " + y2 + ", " + x2 + " " + y2;
        }
        out.append("<path class=\"edge\" data-from=\"").append(Html.escape(edge.from())).append("\" data-to=\"")
                .append(Html.escape(edge.to())).append("\" d=\"").append(path).append("\" marker-end=\"url(#arrow)\"/>");
    }
}
