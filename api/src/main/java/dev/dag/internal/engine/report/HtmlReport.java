package dev.dag.internal.engine.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report of a run as one self-contained HTML file: its CSS, script and graph are inline and a content security
 * policy forbids every fetch, so it opens anywhere without network. The page works without its script (the graph
 * and the task table are plain SVG and HTML); the script lets a click on a task show its reason, tables, SQL and
 * call sites, and marks the page {@code data-dag-report="ready"} (or {@code data-dag-report-error}) for tests.
 */
public final class HtmlReport {
    private static final String TEMPLATE = "report.html";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(TITLE|HEADER|GRAPH|DETAILS|TABLE)}}");

    private HtmlReport() {
    }

    /** Writes the report of {@code report} to {@code file} (its folder is created when missing). */
    public static void write(RunReport report, Path file) {
        try {
            Path folder = file.toAbsolutePath().getParent();
            if (folder != null) {
                Files.createDirectories(folder);
            }
            Files.writeString(file, of(report), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the report of run " + report.runId() + " to " + file + ": "
                    + e.getMessage(), e);
        }
    }

    /** The page's HTML. */
    static String of(RunReport report) {
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("{{TITLE}}", Html.escape((report.kind().equals("plan") ? "dag plan of flow '" : "dag run of flow '")
                + report.flow() + "' (" + report.runId() + ")"));
        parts.put("{{HEADER}}", header(report));
        parts.put("{{GRAPH}}", SvgGraph.of(report));
        parts.put("{{DETAILS}}", details(report));
        parts.put("{{TABLE}}", table(report));
        // one pass, so that text of a part (a reason, some SQL) is never taken for a placeholder
        Matcher placeholder = PLACEHOLDER.matcher(template());
        StringBuilder page = new StringBuilder();
        while (placeholder.find()) {
            placeholder.appendReplacement(page, Matcher.quoteReplacement(parts.get(placeholder.group())));
        }
        return placeholder.appendTail(page).toString();
    }

    private static String header(RunReport report) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        report.tasks().forEach(task -> counts.merge(task.outcome(), 1, Integer::sum));
        StringBuilder out = new StringBuilder();
        out.append("<h1>").append(report.kind().equals("plan") ? "Plan" : "Run").append(" of flow <q>")
                .append(Html.escape(report.flow())).append("</q> <span class=\"status s-")
                .append(Html.escape(report.status())).append("\">").append(Html.escape(report.status()))
                .append("</span></h1><dl class=\"meta\">");
        meta(out, report.kind().equals("plan") ? "plan" : "run", report.runId());
        meta(out, "on", report.instance());
        meta(out, "started", report.startedAt());
        if (report.kind().equals("run")) {
            meta(out, "took", String.format("%,d ms", report.millis()));
        }
        StringBuilder outcomes = new StringBuilder();
        counts.forEach((outcome, count) -> outcomes.append(outcomes.length() == 0 ? "" : ", ").append(count)
                .append(' ').append(outcome));
        meta(out, "tasks", report.tasks().size() + " (" + outcomes + ")");
        out.append("</dl>");
        if (report.failure() != null) {
            out.append("<pre class=\"failure\">").append(Html.escape(report.failure())).append("</pre>");
        }
        return out.toString();
    }

    private static void meta(StringBuilder out, String name, String value) {
        out.append("<dt>").append(Html.escape(name)).append("</dt><dd>").append(Html.escape(value)).append("</dd>");
    }

    private static String details(RunReport report) {
        StringBuilder out = new StringBuilder();
        for (RunReport.Task task : report.tasks()) {
            out.append("<article class=\"task-detail\" hidden data-task-id=\"").append(Html.escape(task.id()))
                    .append("\"><h3>").append(Html.escape(task.stage() + "." + task.task()))
                    .append(" <span class=\"badge o-")
                    .append(Html.escape(task.outcome())).append("\">").append(Html.escape(task.outcome()))
                    .append("</span></h3><p class=\"reason\">").append(Html.escape(task.reason())).append("</p>");
            if (report.kind().equals("run")) {
                out.append("<p>").append(String.format("%,d rows written in %,d ms", task.rows(), task.millis()))
                        .append("</p>");
            }
            task.warnings().forEach(warning -> out.append("<p class=\"warning\">warning: ")
                    .append(Html.escape(warning)).append("</p>"));
            if (task.error() != null) {
                out.append("<pre class=\"failure\">").append(Html.escape(task.error())).append("</pre>");
            }
            for (RunReport.TableInfo table : task.tables()) {
                tableDetail(out, table);
            }
            out.append("</article>");
        }
        return out.toString();
    }

    private static void tableDetail(StringBuilder out, RunReport.TableInfo table) {
        out.append("<section class=\"table\"><h4>table <code>").append(Html.escape(table.name())).append("</code> ")
                .append(Html.escape(describe(table))).append("</h4>");
        if (table.callSite() != null) {
            out.append("<p class=\"call-site\">at <code>").append(Html.escape(table.callSite())).append("</code></p>");
        }
        if (table.sql() != null) {
            out.append("<pre class=\"sql\">").append(Html.escape(table.sql())).append("</pre>");
        }
        out.append("</section>");
    }

    private static String describe(RunReport.TableInfo table) {
        String what = switch (table.outcome()) {
            case "WRITTEN" -> "written";
            case "CACHE_VALID" -> "kept";
            case "REBUILT" -> "rebuilt";
            case "COMMITTED" -> "read from the last commit";
            default -> table.outcome();
        };
        return what + (table.returned() ? "" : ", intermediate") + (table.rows() >= 0 ? String.format(", %,d rows",
                table.rows()) : "");
    }

    private static String table(RunReport report) {
        StringBuilder out = new StringBuilder("<table><thead><tr><th>stage</th><th>task</th><th>outcome</th>"
                + "<th class=\"number\">rows</th><th class=\"number\">ms</th><th>reason</th></tr></thead><tbody>");
        for (RunReport.Task task : report.tasks()) {
            out.append("<tr data-task-id=\"").append(Html.escape(task.id())).append("\"><td>")
                    .append(Html.escape(task.stage())).append("</td><td>").append(Html.escape(task.task()))
                    .append("</td><td><span class=\"badge o-").append(Html.escape(task.outcome())).append("\">")
                    .append(Html.escape(task.outcome())).append("</span></td><td class=\"number\">")
                    .append(String.format("%,d", task.rows())).append("</td><td class=\"number\">")
                    .append(String.format("%,d", task.millis())).append("</td><td>").append(Html.escape(task.reason()))
                    .append("</td></tr>");
        }
        return out.append("</tbody></table>").toString();
    }

    private static String template() {
        try (InputStream in = HtmlReport.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("dag bug: the report template " + TEMPLATE + " is missing from dag-api");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
