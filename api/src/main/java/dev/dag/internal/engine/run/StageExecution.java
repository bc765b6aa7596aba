package dev.dag.internal.engine.run;

import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.engine.define.CallState;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.stage.StageRun;
import dev.dag.internal.engine.values.StoredTable;
import java.util.HashMap;
import java.util.Map;

/**
 * A stage while a run writes it: its definition, the new version being written, how many times each
 * task was called so far (repeated calls of one task are told apart by their ordinal), the tables its
 * tasks produced, and whether one failed.
 *
 * <p>In an eager run, code that cannot be changed may call one task several times in a stage: a call with the
 * arguments of an earlier call that succeeded gets that call's outputs without running, and the n-th call with
 * other arguments names its tables after the task and n ({@code orders_2}), the same on every run. In a flow,
 * identical calls were made one call when they were recorded; a task called several times in a stage names
 * the tables its calls give no name after the task and a short hash of each call ({@code orders_3f9c0a12}),
 * which does not depend on the order of the calls.
 */
final class StageExecution implements AutoCloseable {
    private final StageDefinition definition;
    private final StageRun stageRun;
    private final boolean commits;
    private final boolean eager;
    private final Map<String, Integer> calls = new HashMap<>();
    private final Map<CallIdentity, TaskExecution> succeeded = new HashMap<>();
    private final Map<OutputPlaceholder, StoredTable> tables = new HashMap<>();
    /** Written by the worker thread of a task that failed, read by the flow's thread when the stage ends. */
    private volatile boolean failed;

    /** What makes two calls of a task the same call: its method, arguments, receiver and source fingerprint. */
    private record CallIdentity(String method, Map<String, String> arguments, String receiver, String freshness) {
        static CallIdentity of(TaskKey key) {
            return new CallIdentity(key.subject().method(), key.arguments(), key.receiver(), key.freshness());
        }
    }

    /**
     * @param commits whether the stage is published at its end (false: written aside, for a task selection)
     * @param eager   whether repeated calls of a task share their work and get tables of their own (see above)
     */
    StageExecution(StageDefinition definition, StageRun stageRun, boolean commits, boolean eager) {
        this.definition = definition;
        this.stageRun = stageRun;
        this.commits = commits;
        this.eager = eager;
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

    /** Whether the stage's calls come from code an eager run wraps. */
    boolean eager() {
        return eager;
    }

    /** The ordinal of the next call of {@code task} in this stage: 0 for the first. */
    int nextOrdinal(String task) {
        return calls.merge(task, 1, Integer::sum) - 1;
    }

    /**
     * In an eager stage, what an earlier successful call of {@code task} with the same {@code key} parts produced;
     * else null. A call that repeats an earlier one does not count: it gives its ordinal back.
     */
    TaskExecution repeated(String task, TaskKey key) {
        TaskExecution same = eager ? succeeded.get(CallIdentity.of(key)) : null;
        if (same != null) {
            calls.merge(task, -1, Integer::sum);
        }
        return same;
    }

    /** Keeps a successful call, for the calls of an eager stage that repeat it. */
    void succeeded(TaskKey key, TaskExecution execution) {
        if (eager) {
            succeeded.putIfAbsent(CallIdentity.of(key), execution);
        }
    }

    /**
     * What the {@code ordinal}-th call of a task names the tables it gives no name: the task's name, and for one
     * of several calls the name of the call's own described above.
     */
    String tableBase(TaskInvocation invocation, int ordinal) {
        String task = invocation.taskName();
        if (eager) {
            return ordinal > 0 ? task + "_" + (ordinal + 1) : task;
        }
        if (definition.callsOf(task) < 2) {
            return task;
        }
        CallState call = invocation.callState();
        return task + "_" + (call == null ? Integer.toString(ordinal + 1) : call.identity().substring(0, 8));
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
