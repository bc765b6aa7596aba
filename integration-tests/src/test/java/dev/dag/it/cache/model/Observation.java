package dev.dag.it.cache.model;

import dev.dag.TaskResult;
import java.util.Map;
import java.util.Set;

/**
 * What dag did in one run: each task's result by task name, the task bodies that executed, and the published
 * tables before and after the run ("stage.table"). A table is rebuilt when its view reads another physical table.
 */
record Observation(Map<String, TaskResult> results, Set<String> executed, Map<String, PublishedTable> before,
                   Map<String, PublishedTable> after, String summary) {
    boolean rebuilt(String table) {
        PublishedTable now = after.get(table);
        PublishedTable previous = before.get(table);
        return now != null && (previous == null || !previous.physical().equals(now.physical()));
    }
}
