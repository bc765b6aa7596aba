package dev.dag.it.cache.model;

import dev.dag.TaskResult;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.stream.Collectors;

/** The steps of one scenario and, when one disagreed, a report a person can act on. */
record ScenarioReport(TestDatabase.Kind kind, int edits, List<Step> steps) {
    boolean passed() {
        return steps.get(steps.size() - 1).verdict().passed();
    }

    String text() {
        Step last = steps.get(steps.size() - 1);
        String which = passed() ? "last" : "failing";
        Verdict verdict = last.verdict();
        StringBuilder text = new StringBuilder();
        String database = kind.name().toLowerCase();
        text.append(passed() ? "The cache agrees with the reference model and clean runs on " + database + " in all "
                        + steps.size() + " runs"
                        : "The cache disagrees with the reference model or a clean run on " + database
                        + (last.index() == 0 ? " at the first run"
                        : " at run " + last.index() + " (after edit " + last.index() + " of " + edits + ")"))
                .append(": ").append(verdict.counts()).append("\n\nEdits:\n");
        for (Step step : steps.subList(1, steps.size())) {
            text.append("  ").append(step.index()).append(". ").append(step.edit())
                    .append(step.selection() == null ? "" : ", then a run of " + step.selection()).append('\n');
        }
        section(text, "Stale results (published differs from a clean run)", verdict.stale());
        section(text, "Needless rebuilds (ran, but the model says cache-valid)", verdict.needless());
        section(text, "Missed rebuilds (cache-valid, but the model says it must run)", verdict.missed());
        section(text, "Other disagreements", verdict.other());
        text.append("\nEach run, model vs dag:\n");
        for (Step step : steps) {
            text.append("  run ").append(step.index()).append(step.edit() == null ? " (first)" : ": " + step.edit())
                    .append('\n').append(table(step));
        }
        if (last.observation() != null) {
            text.append("\nSummary of the " + which + " run:\n").append(last.observation().summary().indent(2));
        }
        text.append("\nTask class of the " + which + " run:\n").append(last.source().indent(2));
        if (steps.size() > 1) {
            text.append("\nFlow of the first run:\n").append(define(steps.get(0).source()).indent(2));
        }
        return text.toString();
    }

    private static void section(StringBuilder text, String title, List<String> lines) {
        if (!lines.isEmpty()) {
            text.append('\n').append(title).append(":\n");
            lines.forEach(line -> text.append("  ").append(line).append('\n'));
        }
    }

    private static String table(Step step) {
        return step.flow().tasks().stream().map(task -> {
            Prediction.Expected expected = step.prediction().tasks().get(task.name());
            TaskResult result = step.observation() == null ? null : step.observation().results().get(task.name());
            String dag = result == null ? "-" : result.outcome() + "  " + result.reason();
            return String.format("    %-4s %-10s %-3s model %-16s dag %s", task.name(), task.kind(), expected.stage(),
                    expected.outcome() + (expected.drift() ? "+warn" : ""), dag);
        }).collect(Collectors.joining("\n", "", "\n"));
    }

    /** Only the {@code define()} method of a task class's source. */
    private static String define(String source) {
        int start = source.indexOf("    public static Flow define()");
        return start < 0 ? source : source.substring(start);
    }
}
