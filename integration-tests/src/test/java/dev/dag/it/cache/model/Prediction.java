package dev.dag.it.cache.model;

import dev.dag.TaskOutcome;
import java.util.Map;
import java.util.Set;

/**
 * What the reference model says a run must do: per task its outcome, whether its reason must warn of code
 * changed under an unchanged manual version, which of its tables are rebuilt ("stage.table"), and why; and each task's output content key.
 */
record Prediction(Map<String, Expected> tasks, Map<String, ReferenceModel.StageState> committed,
                  Map<String, String> outputs) {
    record Expected(String task, String stage, TaskOutcome outcome, boolean drift, Set<String> rebuilt, String why) {
        boolean runs() {
            return outcome == TaskOutcome.RAN;
        }
    }
}
