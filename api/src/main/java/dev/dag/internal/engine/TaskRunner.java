package dev.dag.internal.engine;

import dev.dag.CacheValidationMode;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.MaterializedTable;
import dev.dag.TaskFailedException;
import dev.dag.TaskOutcome;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.RerunReason;
import dev.dag.internal.cache.TaskKey;
import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs one recorded task: binds its inputs, computes its cache key and either carries its committed
 * outputs over (cache-valid: the body does not run) or invokes the method, whose body the agent's
 * bridge wraps in the task's scope.
 */
final class TaskRunner {
    private final StageRun stageRun;
    private final Map<OutputPlaceholder, Object> outputs;
    private final Map<OutputPlaceholder, String> outputKeys;
    private final CacheValidationMode mode;
    private final String runId;

    TaskRunner(StageRun stageRun, Map<OutputPlaceholder, Object> outputs, Map<OutputPlaceholder, String> outputKeys,
               CacheValidationMode mode, String runId) {
        this.stageRun = stageRun;
        this.outputs = outputs;
        this.outputKeys = outputKeys;
        this.mode = mode;
        this.runId = runId;
    }

    /** What running a task did. {@code outputs} and {@code outputKeys} are by placeholder path. */
    record Execution(TaskOutcome outcome, String reason, Map<String, Object> outputs, Map<String, String> outputKeys,
                     List<String> tables, List<MaterializedTable> materializations, long rows, DagException failure) {

        static Execution failed(DagException failure, TaskScope scope) {
            return new Execution(TaskOutcome.FAILED, "failed: " + failure.getMessage(), Map.of(), Map.of(),
                    scope == null ? List.of() : scope.materializedTables(),
                    scope == null ? List.of() : scope.materializations(), scope == null ? 0 : scope.rowsWritten(),
                    failure);
        }
    }

    /**
     * Runs the {@code ordinal}-th call of its task in the stage; {@code forced} runs it even when cache-valid.
     */
    Execution run(TaskInvocation invocation, int ordinal, boolean forced) {
        TaskDescriptor task = invocation.descriptor();
        CacheEntry previous = stageRun.committedEntry(task.name(), ordinal);
        ArgumentBinder binder = new ArgumentBinder(outputs, stageRun, task);
        Object[] args;
        TaskKey key;
        try {
            args = binder.bind(invocation.args());
            key = new TaskKeyBuilder(outputKeys).build(invocation, args, runId, ordinal, previous, mode);
            assertNoFreshInput(invocation, previous, key);
        } catch (DagException e) {
            return Execution.failed(StackTraces.forUser(e), null);
        }
        boolean force = forced || mode == CacheValidationMode.FORCE_CACHE_INVALID
                || (mode == CacheValidationMode.FORCE_FRESH_INPUT && task.hasFreshness());
        if (!force && isCacheValid(task, previous, key)) {
            return carryOver(invocation, ordinal, previous, key);
        }
        String reason = force ? "forced (" + (forced ? "task selected to run" : mode.name()) + ")"
                : RerunReason.between(previous == null ? null : previous.key(), key);
        if (task.lazy() && !force) {
            String fresh = RerunReason.freshInput(previous == null ? null : previous.key(), key);
            reason = fresh != null ? fresh : reason;
        }
        TaskScope scope = new TaskScope(invocation, stageRun, ExecutionState.current(), key, force);
        binder.inputs().forEach(scope::seeInput);
        return execute(invocation, ordinal, args, scope, reason);
    }

    private boolean isCacheValid(TaskDescriptor task, CacheEntry previous, TaskKey key) {
        return !task.lazy() && !task.version().isEmpty() && previous != null
                && previous.key().key().equals(key.key()) && stageRun.isIntact(previous);
    }

    private void assertNoFreshInput(TaskInvocation invocation, CacheEntry previous, TaskKey key) {
        if (mode == CacheValidationMode.ASSERT_NO_FRESH_INPUT && invocation.descriptor().hasFreshness()
                && previous != null && !Objects.equals(previous.key().freshness(), key.freshness())) {
            throw new DagException("ASSERT_NO_FRESH_INPUT: task '" + invocation.taskName() + "' in stage '"
                    + invocation.stage().name() + "' has fresh input (fingerprint " + previous.key().freshness() + " → "
                    + key.freshness() + "). Run with NORMAL to take it in, or IGNORE_FRESH_INPUT to keep the cache.",
                    invocation.taskName(), null, invocation.stage().name(), null);
        }
    }

    /** The task is cache-valid: its committed objects enter the new version as they are. */
    private Execution carryOver(TaskInvocation invocation, int ordinal, CacheEntry previous, TaskKey key) {
        stageRun.keep(previous);
        stageRun.recordEntry(new CacheEntry(previous.task(), ordinal, key, previous.outputs()));
        return fromEntry(invocation, previous, TaskOutcome.CACHE_VALID, "cache-valid");
    }

    /** Binds the outputs of a committed entry without running anything. */
    Execution fromEntry(TaskInvocation invocation, CacheEntry entry, TaskOutcome outcome, String reason) {
        Map<String, Object> bound = new LinkedHashMap<>();
        Map<String, String> keys = new LinkedHashMap<>();
        ClassLoader loader = invocation.descriptor().method().getDeclaringClass().getClassLoader();
        for (CacheEntry.Output output : entry.outputs()) {
            if (output.path() == null) {
                continue;
            }
            bound.put(output.path(), "table".equals(output.kind())
                    ? TableAccess.tables().storedTable(null, stageRun.committedTable(output))
                    : TableAccess.blobs().storedBlob(output.name(), stageRun.committedBlob(output, loader), output.key()));
            keys.put(output.path(), output.key());
        }
        List<String> tables = entry.outputs().stream().filter(output -> "table".equals(output.kind()))
                .map(CacheEntry.Output::name).toList();
        return new Execution(outcome, reason, bound, keys, tables, List.of(), 0, null);
    }

    private Execution execute(TaskInvocation invocation, int ordinal, Object[] args, TaskScope scope, String reason) {
        ExecutionState state = ExecutionState.current();
        try {
            state.expected = scope;
            invocation.descriptor().method().invoke(invocation.self(), args);
            if (!scope.wasEntered()) {
                return Execution.failed(notInstrumented(invocation), null);
            }
            if (scope.taint() != null) {
                return Execution.failed(tainted(invocation, scope), scope);
            }
            CacheEntry entry = scope.entry(ordinal);
            stageRun.recordEntry(entry);
            return succeeded(invocation, scope, entry, reason);
        } catch (InvocationTargetException e) {
            return Execution.failed(failure(invocation, e.getCause()), scope);
        } catch (DagException e) {
            return Execution.failed(StackTraces.forUser(e), scope);
        } catch (IllegalAccessException e) {
            return Execution.failed(new DefinitionException(invocation.descriptor() + " cannot be called: "
                    + e.getMessage(), invocation.taskName(), null, invocation.stage().name()), scope);
        } finally {
            state.expected = null;
            scope.exit();
        }
    }

    private static Execution succeeded(TaskInvocation invocation, TaskScope scope, CacheEntry entry, String reason) {
        Map<String, String> keys = new LinkedHashMap<>();
        entry.outputs().stream().filter(output -> output.path() != null)
                .forEach(output -> keys.put(output.path(), output.key()));
        TaskOutcome outcome = TaskOutcome.RAN;
        String why = reason;
        if (invocation.descriptor().lazy() && !scope.forceRebuild()) {
            if (scope.allReused()) {
                outcome = TaskOutcome.LAZY_CACHE_VALID;
                why = "lazy: every table unchanged, none rebuilt";
            } else if (!scope.changes().isEmpty()) {
                String changes = String.join("; ", scope.changes());
                why = reason.startsWith("fresh input") ? reason + "; " + changes : "lazy: " + changes;
            }
        }
        return new Execution(outcome, why, scope.outputs(), keys, scope.materializedTables(), scope.materializations(),
                scope.rowsWritten(), null);
    }

    private static DagException tainted(TaskInvocation invocation, TaskScope scope) {
        String stage = invocation.stage().name();
        DagException error = new DagException("Task '" + invocation.taskName() + "' in stage '" + stage
                + "' is debug-tainted: " + scope.taint() + ". Its tables are not committed and it leaves no cache entry, "
                + "so its result is never trusted. Remove the debug call (or the second materialize()) and rerun.",
                invocation.taskName(), null, stage, null);
        error.setStackTrace(StackTraces.topThenCaller(scope.taintSite()));
        return error;
    }

    private static DefinitionException notInstrumented(TaskInvocation invocation) {
        return new DefinitionException(invocation.descriptor() + " was not instrumented by the dag agent, so it cannot "
                + "run as a task. Is its class loaded by a class loader that sees dev.dag, and not excluded from "
                + "instrumentation?", invocation.taskName(), null, invocation.stage().name());
    }

    /** The body threw: dag's own errors keep their message; the user's get wrapped with the task's frame on top. */
    private static DagException failure(TaskInvocation invocation, Throwable thrown) {
        if (thrown instanceof DagException dagError) {
            return StackTraces.forUser(dagError);
        }
        String stage = invocation.stage().name();
        TaskFailedException failure = new TaskFailedException("Task '" + invocation.taskName() + "' in stage '" + stage
                + "' failed: " + thrown, invocation.taskName(), stage, thrown);
        failure.setStackTrace(StackTraces.topThenCaller(StackTraces.taskFrame(thrown, invocation.descriptor())));
        return failure;
    }
}
