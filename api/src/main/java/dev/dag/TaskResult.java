package dev.dag;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of one task in a run.
 *
 * @param task      task name
 * @param stage     stage the task belongs to
 * @param outcome   what happened
 * @param reason    why it ran or did not, in words
 * @param millis    wall time spent on the task (body and writes), in milliseconds
 * @param rowsWritten rows written by the task's tables in this run, intermediate ones included (0 when nothing was
 *                  written)
 * @param rowsReturned rows of the tables the task returned, written or carried over (0 when it returned none)
 * @param tables    names of the tables the task wrote or carried over, in order
 * @param materializations every table the task's body materialized in this run, in call order, with
 *                  outcome and call site (empty when the body did not run)
 * @param error     the failure, when the outcome is {@link TaskOutcome#FAILED}
 * @param warnings  what dag cannot vouch for in this task's result, with the fix: a table its SQL reads that
 *                  is neither an input nor dag's (the cache cannot see it change), code that changed under an
 *                  unchanged manual version
 */
public record TaskResult(String task, String stage, TaskOutcome outcome, String reason, long millis,
                         long rowsWritten, long rowsReturned, List<String> tables, List<MaterializedTable> materializations,
                         Optional<DagException> error, List<String> warnings) {
    /** Validates and copies. */
    public TaskResult {
        tables = List.copyOf(tables);
        materializations = List.copyOf(materializations);
        warnings = List.copyOf(warnings);
    }
}
