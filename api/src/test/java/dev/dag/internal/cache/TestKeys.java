package dev.dag.internal.cache;

import java.util.List;
import java.util.Map;

/** Task keys for the cache-key tests: a static method {@code example.Tasks.m()V} with a manual version. */
final class TestKeys {
    private TestKeys() {
    }

    static TaskKey keyOf(String task, String stage, String version, Map<String, String> arguments,
                         List<String> names, String receiver, String freshness) {
        return TaskKey.of(new TaskKey.Subject(task, stage, "example.Tasks.m()V"), TaskKey.Code.of(version), arguments,
                names, receiver, freshness);
    }

    static TaskKey freshKey(Map<String, String> arguments, List<String> names, String receiver, String freshness,
                            String runId, String task, int ordinal) {
        return TaskKey.fresh(new TaskKey.Subject(task, "s", "example.Tasks.m()V"), TaskKey.Code.of(""), arguments,
                names, receiver, freshness, runId, ordinal);
    }

    /** {@code written} as the metadata gives it back. */
    static TaskKey readBack(TaskKey written) {
        return TaskKey.fromParts(written.key(), written.subject().task(), written.subject().stage(),
                written.partsJson());
    }
}
