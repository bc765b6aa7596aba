package dev.dag;

import dev.dag.internal.seam.Engine;
import java.util.List;
import java.util.Optional;

/**
 * The task invocation running on this thread: opened by the agent around the task body and closed
 * when the body and the writing of its outputs are done.
 */
public interface TaskContext {
    /** The task running on this thread, if any. */
    static Optional<TaskContext> current() {
        return Optional.ofNullable(Engine.currentTask());
    }

    /** The task name. */
    String task();

    /** The stage the task belongs to. */
    String stage();

    /** Names of the tables this invocation has written so far, in order. */
    List<String> materializedTables();
}
