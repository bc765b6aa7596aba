package dev.dag.internal.engine.run;

import dev.dag.DagException;
import dev.dag.MaterializedTable;
import dev.dag.TaskOutcome;
import dev.dag.internal.engine.materialize.TaskScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What running (or carrying over) one task did. {@code outputs} and {@code outputKeys} are by output path.
 */
record TaskExecution(TaskOutcome outcome, String reason, Map<String, Object> outputs, Map<String, String> outputKeys,
                     List<String> tables, List<MaterializedTable> materializations, long rows, DagException failure,
                     List<String> warnings) {

    /** This execution with another reason. */
    TaskExecution withReason(String why) {
        return new TaskExecution(outcome, why, outputs, outputKeys, tables, materializations, rows, failure, warnings);
    }

    /** This execution with {@code more} warnings before its own. */
    TaskExecution withWarnings(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(more);
        all.addAll(warnings);
        return new TaskExecution(outcome, reason, outputs, outputKeys, tables, materializations, rows, failure, all);
    }

    /** A failed execution; {@code scope} (may be null) tells what the body materialized before it failed. */
    static TaskExecution failed(DagException failure, TaskScope scope) {
        return new TaskExecution(TaskOutcome.FAILED, "failed: " + failure.getMessage(), Map.of(), Map.of(),
                scope == null ? List.of() : scope.materializedTables(),
                scope == null ? List.of() : scope.materializations(), scope == null ? 0 : scope.rowsWritten(),
                failure, scope == null ? List.of() : scope.warnings());
    }
}
