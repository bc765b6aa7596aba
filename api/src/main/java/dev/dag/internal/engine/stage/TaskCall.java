package dev.dag.internal.engine.stage;

import dev.dag.internal.cache.TaskKey;

/**
 * The call of a task that writes an object of a stage: its task's name and its key, whose arguments tell two
 * calls of one task apart when both claim a name.
 */
public record TaskCall(String task, TaskKey key) {
}
