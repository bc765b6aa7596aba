package dev.dag.internal.admin;

import dev.dag.internal.store.meta.RunHistory;
import java.util.List;
import java.util.Map;

/**
 * Why a task's committed tables are what they are: the parts of its committed cache key (one entry per call of
 * the task in its stage) and its latest runs with their reasons.
 *
 * @param entries the committed cache entries, by call order in the stage
 * @param runs    the task's latest runs, newest first
 */
public record TaskExplanation(String stage, String task, List<Entry> entries, List<RunHistory.TaskRunOf> runs) {

    /**
     * One committed cache entry.
     *
     * @param arguments argument position → its canonical form (an input shows as {@code input <key>})
     * @param outputs   the objects the task produced: name, kind and physical table
     */
    public record Entry(int ordinal, String key, String method, String version, String fingerprint,
                        Map<String, String> arguments, String receiver, String freshness, List<Output> outputs) {
    }

    /** An object of the entry. */
    public record Output(String name, String kind, String physicalName, long rows) {
    }
}
