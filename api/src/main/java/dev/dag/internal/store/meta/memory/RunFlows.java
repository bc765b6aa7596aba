package dev.dag.internal.store.meta.memory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The flow of each of the latest runs this process started. Run ids are unique, so what it holds never goes
 * stale: a run that asks which flow published a stage (the run before it, usually) is answered without a query
 * when that run was one of this process's.
 */
public final class RunFlows {
    private static final int KEPT = 1_000;
    private static final Map<String, String> FLOWS = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > KEPT;
        }
    };

    private RunFlows() {
    }

    /** Run {@code runId} of flow {@code flow} started in this process. */
    public static synchronized void started(String runId, String flow) {
        FLOWS.put(runId, flow);
    }

    /** The flow of run {@code runId} if this process started it lately, else null. */
    public static synchronized String of(String runId) {
        return FLOWS.get(runId);
    }
}
