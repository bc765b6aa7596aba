package dev.dag.internal.engine.run;

import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.stage.StageRun;
import dev.dag.internal.engine.values.StoredTable;
import java.util.HashMap;
import java.util.Map;

/**
 * A stage while a run writes it: its definition, the new version being written, how many times each
 * task was called so far (repeated calls of one task are told apart by their ordinal), the tables its
 * tasks produced, and whether one failed.
 */
final class StageExecution implements AutoCloseable {
    private final StageDefinition definition;
    private final StageRun stageRun;
    private final boolean commits;
    private final Map<String, Integer> calls = new HashMap<>();
    private final Map<OutputPlaceholder, StoredTable> tables = new HashMap<>();
    /** Written by the worker thread of a task that failed, read by the flow's thread when the stage ends. */
    private volatile boolean failed;

    /** {@code commits}: whether the stage is published at its end (false: written aside, for a task selection). */
    StageExecution(StageDefinition definition, StageRun stageRun, boolean commits) {
        this.definition = definition;
        this.stageRun = stageRun;
        this.commits = commits;
    }

    StageDefinition definition() {
        return definition;
    }

    String name() {
        return definition.name();
    }

    StageRun stageRun() {
        return stageRun;
    }

    boolean commits() {
        return commits;
    }

    /** The ordinal of the next call of {@code task} in this stage: 0 for the first. */
    int nextOrdinal(String task) {
        return calls.merge(task, 1, Integer::sum) - 1;
    }

    /** The tables produced in this stage so far, by output placeholder. */
    Map<OutputPlaceholder, StoredTable> tables() {
        return tables;
    }

    boolean failed() {
        return failed;
    }

    void markFailed() {
        failed = true;
    }

    /** Releases the stage's lock. */
    @Override
    public void close() {
        stageRun.close();
    }
}
