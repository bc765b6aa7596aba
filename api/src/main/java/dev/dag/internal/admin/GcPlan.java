package dev.dag.internal.admin;

import dev.dag.internal.store.meta.RunHistory;
import java.util.List;

/**
 * What a garbage collection drops (or, in a dry run, would drop).
 *
 * @param leftovers objects that no stage version uses: replaced ones not dropped yet, and what failed or killed
 *                  runs wrote
 * @param runs      runs older than the retention whose records are forgotten (never a run whose tables a stage
 *                  still publishes, nor the last commit of a stage)
 */
public record GcPlan(List<Leftover> leftovers, List<RunHistory.PastRun> runs) {

    /** An object no version uses. */
    public record Leftover(String stage, String name, String kind, String state, String physicalName, String runId) {
    }
}
