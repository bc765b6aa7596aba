package dev.dag.it.cache.model;

import dev.dag.DagException;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A selected run ({@code withStages}, {@code withTasks}) made after an edit, and what the model predicted of it:
 * the selected tasks as in a full run (forced by {@code withTasks}), the left-out ones {@code SKIPPED} and read from
 * their stage's last commit by key, or the run failing at the first left-out call a selected task needs and that
 * has no committed output. Whichever happens must be what the model predicts: never a table served for a call that
 * was not committed, never a published table of a stage the run does not commit.
 */
record SelectedRun(Selection selection, ReferenceModel.SelectedPrediction predicted, DagException error,
                   Observation observed) {
    static final String NOT_SELECTED = "is not selected to run";

    /** Judges the run; {@code clean} is what a fresh database publishes after a full run of the same definition. */
    Verdict judge(FlowSpec flow, Map<String, PublishedTable> clean) {
        Verdict verdict = Verdict.empty();
        String failsAt = predicted.failsAt();
        if (failsAt != null && error == null) {
            verdict.stale().add("ran through, though left-out task " + failsAt + " has no committed output of its "
                    + "call and a selected task reads it; dag: " + outcomes(flow));
        } else if (failsAt != null && !(error.getMessage().contains("Task '" + failsAt + "'")
                && error.getMessage().contains(NOT_SELECTED))) {
            verdict.other().add("failed, but not at left-out task " + failsAt + " as the model says: "
                    + error.getMessage());
        } else if (failsAt == null && error != null) {
            verdict.other().add("failed, the model says it runs: " + error.getMessage());
        } else if (failsAt == null) {
            judgeTasks(flow, verdict);
            judgeTables(clean, verdict);
        }
        return labelled(verdict);
    }

    private void judgeTasks(FlowSpec flow, Verdict verdict) {
        for (TaskSpec task : flow.tasks()) {
            Prediction.Expected expected = predicted.prediction().tasks().get(task.name());
            TaskResult result = observed.results().get(task.name());
            TaskOutcome outcome = result == null ? null : result.outcome();
            if (expected.outcome() == TaskOutcome.SKIPPED || selection.forces()) {
                if (outcome != expected.outcome()) {
                    verdict.other().add(task.name() + ": dag " + outcome + (result == null ? "" : " \""
                            + result.reason() + "\"") + ", model " + expected.outcome() + " (" + expected.why() + ")");
                }
            } else {
                verdict.judgeTask(task, expected, observed);
            }
        }
    }

    /**
     * Stages the run commits publish what a clean run does (unless a left-out call handed over an older output by
     * design: a file's freshness is aside in the lookup); the others keep their published tables.
     */
    private void judgeTables(Map<String, PublishedTable> clean, Verdict verdict) {
        Map<String, PublishedTable> committed = new TreeMap<>();
        Map<String, PublishedTable> reference = new TreeMap<>();
        for (Map.Entry<String, PublishedTable> table : observed.after().entrySet()) {
            if (committedStage(table.getKey())) {
                committed.put(table.getKey(), table.getValue());
            } else if (!table.getValue().equals(observed.before().get(table.getKey()))) {
                verdict.stale().add(table.getKey() + ": published " + table.getValue() + ", its stage is not "
                        + "committed by this run, before it was " + observed.before().get(table.getKey()));
            }
        }
        clean.forEach((table, content) -> {
            if (committedStage(table)) {
                reference.put(table, content);
            }
        });
        if (predicted.exact()) {
            verdict.judgeContents(committed, reference);
        }
    }

    private boolean committedStage(String table) {
        return !selection.forces() && selection.names().contains(table.substring(0, table.indexOf('.')));
    }

    private String outcomes(FlowSpec flow) {
        return flow.tasks().stream().map(task -> {
            TaskResult result = observed.results().get(task.name());
            return task.name() + " " + (result == null ? "-" : result.outcome());
        }).toList().toString();
    }

    private Verdict labelled(Verdict verdict) {
        String label = "selected run " + selection + ": ";
        return new Verdict(label(label, verdict.stale()), label(label, verdict.needless()),
                label(label, verdict.missed()), label(label, verdict.other()));
    }

    private static List<String> label(String label, List<String> lines) {
        return lines.stream().map(line -> label + line).toList();
    }
}
