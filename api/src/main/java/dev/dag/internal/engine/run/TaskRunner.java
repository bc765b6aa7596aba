package dev.dag.internal.engine.run;

import dev.dag.CacheValidationMode;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Table;
import dev.dag.TaskFailedException;
import dev.dag.TaskOutcome;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.RerunReason;
import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.context.ThreadStates;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.Placeholders;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.materialize.TaskScope;
import dev.dag.internal.engine.plan.PlanBook;
import dev.dag.internal.engine.plan.PlannedKeys;
import dev.dag.internal.engine.stage.CommittedVersion;
import dev.dag.internal.engine.stage.StageRun;
import dev.dag.internal.engine.stage.TableContents;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.engine.trust.VersionDrift;
import dev.dag.internal.engine.trust.OutsideInputWarnings;
import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one task call in its stage: binds its inputs, computes its cache key and either carries its
 * committed outputs over (cache-valid: the body does not run) or invokes the method, whose body the
 * agent's bridge then runs inside the task's {@link TaskScope}.
 */
final class TaskRunner {
    private static final String NOT_SELECTED = "not selected: outputs read from the last commit";

    private final StageExecution stage;
    private final StageRun stageRun;
    private static final Logger LOG = LoggerFactory.getLogger(TaskRunner.class);

    private final RunLedger ledger;
    private final CacheValidationMode mode;
    private final String flowName;
    private final boolean strictVersions;
    private final RunMode runMode;

    TaskRunner(StageExecution stage, RunLedger ledger, CacheValidationMode mode, String flowName,
               boolean strictVersions, RunMode runMode) {
        this.runMode = runMode;
        this.stage = stage;
        this.stageRun = stage.stageRun();
        this.ledger = ledger;
        this.mode = mode;
        this.flowName = flowName;
        this.strictVersions = strictVersions;
    }

    /**
     * Runs the {@code ordinal}-th call of its task in the stage (counted by {@link StageExecution#nextOrdinal}, in
     * the order the calls start); {@code forced} runs it even when cache-valid. A call that repeats an earlier one of
     * an eager stage gets that call's outputs (see {@link StageExecution}).
     */
    TaskExecution run(TaskInvocation invocation, int ordinal, boolean forced) {
        return attempt(invocation, ordinal, forced).finish();
    }

    /**
     * Whether a call's {@link #attempt} is cheap enough for the flow's own thread, where it saves handing a
     * cache-valid call to a worker and back (two thread switches, more than the call's own work): its key comes from
     * its arguments, inputs and code alone (no source-freshness function, which is the user's code and may query a
     * database), and it can be cache-valid at all (a lazy body and a task without version always run).
     */
    boolean settlesCheaply(TaskDescriptor task, boolean forced) {
        return !forced && !task.lazy() && !task.version().isEmpty() && !task.hasFreshness()
                && mode != CacheValidationMode.FORCE_CACHE_INVALID;
    }

    /**
     * The first part of a call: binds its arguments, computes its key and settles the call when its body need not
     * run (cache-valid, the same call as an earlier one, or refused before its body); else holds the rest, which
     * {@link Attempt#finish} runs, on this thread or another.
     */
    Attempt attempt(TaskInvocation invocation, int ordinal, boolean forced) {
        TaskDescriptor task = invocation.descriptor();
        CommittedVersion committed = stageRun.committed();
        CacheEntry atPosition = committed.entry(task.name(), ordinal);
        ArgumentBinder binder = new ArgumentBinder(ledger, stageRun.database(), task);
        String base = stage.tableBase(invocation, ordinal);
        Object[] args;
        TaskKey key;
        CacheEntry previous;
        try {
            CallStates.refuseChangedSinceTheCall(invocation);
            args = bind(binder, invocation);
            CacheEntry freshnessFrom = mode == CacheValidationMode.IGNORE_FRESH_INPUT && task.hasFreshness()
                    ? committedCall(invocation, base, ordinal) : null;
            key = keys().build(invocation, args, base, stageRun.runId(), ordinal, freshnessFrom, mode);
            CacheEntry sameKey = committed.entryWithKey(task.name(), key.key());
            previous = sameKey != null ? sameKey : likelySameCall(committed, task.name(), key, atPosition);
            assertNoFreshInput(invocation, previous, key);
        } catch (DagException e) {
            return Attempt.settled(TaskExecution.failed(StackTraces.forUser(e), null));
        }
        TaskExecution same = stage.repeated(task.name(), key);
        if (same != null) {
            return Attempt.settled(new TaskExecution(TaskOutcome.CACHE_VALID, "same arguments as an earlier call in "
                    + "this stage: its outputs, not run again", same.outputs(), same.outputKeys(), same.tables(),
                    List.of(), 0, null, List.of()));
        }
        boolean force = forced || mode == CacheValidationMode.FORCE_CACHE_INVALID
                || (mode == CacheValidationMode.FORCE_FRESH_INPUT && task.hasFreshness());
        TaskExecution withoutBody = settle(invocation, ordinal, force, key, previous, binder);
        if (withoutBody != null) {
            return Attempt.settled(completed(invocation, key, base, withoutBody));
        }
        return Attempt.later(() -> completed(invocation, key, base,
                runBody(invocation, ordinal, forced, force, args, key, previous, binder, base)));
    }

    /** A call whose key is known: settled without its body ({@link #settled}), or its body still to run. */
    static final class Attempt {
        private final TaskExecution settled;
        private final Supplier<TaskExecution> rest;

        private Attempt(TaskExecution settled, Supplier<TaskExecution> rest) {
            this.settled = settled;
            this.rest = rest;
        }

        static Attempt settled(TaskExecution execution) {
            return new Attempt(execution, null);
        }

        static Attempt later(Supplier<TaskExecution> rest) {
            return new Attempt(null, rest);
        }

        /** What the call did, when its body need not run; null when {@link #finish} still runs it. */
        TaskExecution settled() {
            return settled;
        }

        /** Finishes the call: its body runs, unless it was settled. */
        TaskExecution finish() {
            return settled != null ? settled : rest.get();
        }
    }

    /** What every call's execution gets: warnings on outside inputs, its place among the stage's calls. */
    private TaskExecution completed(TaskInvocation invocation, TaskKey key, String base, TaskExecution ran) {
        TaskExecution execution = ran.withWarnings(OutsideInputWarnings.of(invocation,
                stageRun.database().config().projectPackages(), ledger));
        if (execution.failure() == null) {
            stage.succeeded(key, execution);
        }
        return base.equals(invocation.descriptor().name()) || !stage.eager() ? execution
                : execution.withReason("called again with other arguments, as table '" + base + "'; "
                        + execution.reason());
    }

    /**
     * What a call that is not selected to run hands its readers: its committed outputs, or why the last commit of its
     * stage holds none ({@link LeftOut}).
     */
    record LeftOut(TaskExecution execution, String none) {
        static LeftOut found(TaskExecution execution) {
            return new LeftOut(execution, null);
        }

        static LeftOut none(String why) {
            return new LeftOut(null, why);
        }
    }

    /**
     * A call that is not selected to run: the committed outputs of the same call, as the cache would take them. A
     * task with a version (or none) is found by its key, its source fingerprint aside. A lazy task's key is that of
     * the SQL its body builds: the body runs with a writer that only keys what it builds ({@link
     * StageRun#keyingWriter}), and the call is found when every table and blob it builds has its key in the last
     * commit.
     */
    LeftOut readCommitted(TaskInvocation invocation, int ordinal) {
        try {
            CallStates.refuseChangedSinceTheCall(invocation);
            if (invocation.descriptor().lazy()) {
                return keyedByItsBody(invocation, ordinal);
            }
            CacheEntry entry = committedCall(invocation, stage.tableBase(invocation, ordinal), ordinal);
            return entry == null ? LeftOut.none(noOutput() + " (its code, arguments or inputs changed since, or the "
                    + "stage was never committed)")
                    : LeftOut.found(fromEntry(invocation, entry, TaskOutcome.SKIPPED, NOT_SELECTED));
        } catch (DagException e) {
            return LeftOut.found(TaskExecution.failed(StackTraces.forUser(e), null));
        }
    }

    private String noOutput() {
        return "no output of this call in the last commit of stage '" + stageRun.stage() + "'";
    }

    /**
     * A left-out lazy call, found by the keys of what its body builds now: its body runs and writes nothing. When a
     * table it builds is not in the last commit (its SQL changed since), there is no output of this call.
     */
    private LeftOut keyedByItsBody(TaskInvocation invocation, int ordinal) {
        TaskDescriptor task = invocation.descriptor();
        String base = stage.tableBase(invocation, ordinal);
        ArgumentBinder binder = new ArgumentBinder(ledger, stageRun.database(), task);
        Object[] args = bind(binder, invocation);
        Optional<TaskExecution> unforeseeable = runMode.unforeseeable(invocation, stageRun, inputKeys(binder),
                binder.byPlaceholder());
        if (unforeseeable.isPresent()) {
            return LeftOut.found(unforeseeable.get());
        }
        CacheEntry call = task.hasFreshness() ? committedCall(invocation, base, ordinal) : null;
        TaskKey key = keys().build(invocation, args, base, stageRun.runId(), ordinal, call,
                CacheValidationMode.IGNORE_FRESH_INPUT); // the committed source fingerprint, as for any left-out call
        TaskScope scope = new TaskScope(invocation, stageRun, stageRun.keyingWriter(), key, false, base);
        binder.inputs().forEach(scope::seeInput);
        DagException failure = invoke(invocation, args, scope);
        boolean stoppedAtItsOwnTable = failure != null && PlanBook.unforeseeable(failure) != null;
        if (!scope.changes().isEmpty() || stoppedAtItsOwnTable) { // it read a table it builds anew: one changed
            return LeftOut.none(noOutput() + ": " + changedSince(scope.changes()));
        }
        if (failure != null) {
            return LeftOut.found(TaskExecution.failed(failure, null));
        }
        if (!scope.allReused()) {
            return LeftOut.none(noOutput() + ": its body builds no table or blob to find it by");
        }
        Map<String, String> keys = new LinkedHashMap<>();
        scope.entry(ordinal).outputs().stream().filter(output -> output.path() != null)
                .forEach(output -> keys.put(output.path(), output.key()));
        return LeftOut.found(new TaskExecution(TaskOutcome.SKIPPED, NOT_SELECTED, scope.outputs(), keys,
                scope.materializedTables(), List.of(), 0, null, List.of()));
    }

    /**
     * Why the last commit holds none of what a left-out lazy body builds now: its SQL changed since, or another part of
     * a table's key (a new table, its primary key, an input), as the rerun reason of a run would say.
     */
    private String changedSince(List<String> changes) {
        String shown = changes.isEmpty() ? "" : " (" + String.join("; ", changes) + ")";
        if (changes.stream().anyMatch(change -> change.startsWith("SQL changed"))) {
            return "its SQL changed since stage '" + stageRun.stage() + "' was committed" + shown;
        }
        return "the tables its body builds now are not in it" + shown;
    }

    /** The intact committed entry of this call, its source fingerprint aside, or null. */
    private CacheEntry committedCall(TaskInvocation invocation, String base, int ordinal) {
        TaskKey key = keys().buildWithoutFreshness(invocation, base, stageRun.runId(), ordinal);
        CommittedVersion committed = stageRun.committed();
        return committed.entriesOf(invocation.taskName()).stream()
                .filter(entry -> key.isCallOf(entry.key()) && committed.isIntact(entry)).findFirst().orElse(null);
    }

    private TaskKeyBuilder keys() {
        return new TaskKeyBuilder(ledger, stageRun.database().config().projectPackages(), this::previousKey);
    }

    /** The key of the committed version of the table behind {@code placeholder} in this stage, or "none". */
    private String previousKey(OutputPlaceholder placeholder) {
        StoredTable previous = previousTable(placeholder);
        return previous == null ? "none" : previous.cacheKey();
    }

    private StoredTable previousTable(OutputPlaceholder placeholder) {
        StoredTable input = ledger.output(placeholder) instanceof Table table ? Bindings.stored(table) : null;
        return input == null ? null : stageRun.committed().previousTable(input.tableName());
    }

    /** For a task reading previous versions: the committed version of each of its inputs of its own stage. */
    private void seePreviousVersions(TaskInvocation invocation, ArgumentBinder binder, TaskScope scope) {
        if (!invocation.descriptor().previousVersions()) {
            return;
        }
        binder.byPlaceholder().forEach((placeholder, output) -> {
            if (placeholder.producer().stage() == invocation.stage() && output instanceof Table table) {
                StoredTable previous = previousTable(placeholder);
                scope.seePreviousVersion(Bindings.stored(table), previous == null ? null : Bindings.storedTable(null,
                        TableContents.as(previous, invocation.descriptor().inputType(), stageRun.database(),
                                invocation.taskName())));
            }
        });
    }

    /**
     * The call's execution when its body need not run: what a plan cannot foresee, or its committed outputs carried
     * over (cache-valid); null when the body runs.
     */
    private TaskExecution settle(TaskInvocation invocation, int ordinal, boolean force, TaskKey key,
                                 CacheEntry previous, ArgumentBinder binder) {
        Optional<TaskExecution> unforeseeable = runMode.unforeseeable(invocation, stageRun, inputKeys(binder),
                binder.byPlaceholder());
        if (unforeseeable.isPresent()) {
            return unforeseeable.get();
        }
        if (force || !isCacheValid(invocation.descriptor(), previous, key)) {
            return null;
        }
        String drift = RerunReason.codeDrift(previous.key(), key);
        if (drift != null && strictVersions) {
            return TaskExecution.failed(StackTraces.forUser(VersionDrift.refused(invocation, drift)), null);
        }
        return carryOver(invocation, ordinal, previous, key, drift);
    }

    private TaskExecution runBody(TaskInvocation invocation, int ordinal, boolean forced, boolean force,
                                  Object[] args, TaskKey key, CacheEntry previous, ArgumentBinder binder, String base) {
        TaskDescriptor task = invocation.descriptor();
        String reason = force ? "forced (" + (forced ? "task selected to run" : mode.name()) + ")"
                : RerunReason.between(previous == null ? null : previous.key(), key);
        if (task.lazy() && !force) {
            String fresh = RerunReason.freshInput(previous == null ? null : previous.key(), key);
            reason = fresh != null ? fresh : reason;
        }
        reason = withLastFlow(reason, previous);
        Optional<TaskExecution> withoutBody = runMode.withoutBody(invocation, stageRun, key, reason,
                force || inputKeys(binder).values().stream().anyMatch(PlannedKeys::isNew), previous);
        if (withoutBody.isPresent()) {
            return withoutBody.get();
        }
        TaskScope scope = new TaskScope(invocation, stageRun, stageRun.writer(), key, force, base);
        binder.inputs().forEach(scope::seeInput);
        seePreviousVersions(invocation, binder, scope);
        TaskExecution execution = execute(invocation, ordinal, args, scope, reason);
        return runMode.afterBody(invocation, stageRun, execution, force);
    }

    private Map<OutputPlaceholder, String> inputKeys(ArgumentBinder binder) {
        Map<OutputPlaceholder, String> keys = new LinkedHashMap<>();
        binder.byPlaceholder().keySet().forEach(placeholder -> keys.put(placeholder, ledger.outputKey(placeholder)));
        return keys;
    }

    private static Object[] bind(ArgumentBinder binder, TaskInvocation invocation) {
        try {
            return binder.bind(invocation.args());
        } catch (IllegalArgumentException e) {
            throw Placeholders.cyclic(invocation, e);
        }
    }

    /**
     * The reason, telling when another flow published the stage last: its tasks are not this flow's, which
     * explains why nothing of the stage is reused.
     */
    private String withLastFlow(String reason, CacheEntry previous) {
        String lastFlow = stageRun.committed().lastFlow();
        if (lastFlow == null || lastFlow.equals(flowName)) {
            return reason;
        }
        String published = "stage '" + stageRun.stage() + "' was last published by flow '" + lastFlow + "'";
        String takeover = published + ", and flow '" + flowName + "' publishes it now: two flows that publish a stage "
                + "of the same name in one instance replace each other's tables (and rerun all of it each time they "
                + "take turns). Give one of the stages another name, or run one flow in another instance (another "
                + "schema_prefix)";
        if (ledger.warn(takeover)) {
            LOG.warn("{}", takeover);
        }
        return previous == null ? "no cache entry: " + published : reason + " (" + published + ")";
    }

    /** The committed outputs of the task's call, bound without running anything ({@code outcome}, {@code reason}). */
    private TaskExecution fromEntry(TaskInvocation invocation, CacheEntry entry, TaskOutcome outcome, String reason) {
        Map<String, Object> bound = new LinkedHashMap<>();
        Map<String, String> keys = new LinkedHashMap<>();
        ClassLoader loader = invocation.descriptor().method().getDeclaringClass().getClassLoader();
        CommittedVersion committed = stageRun.committed();
        for (CacheEntry.Output output : entry.outputs()) {
            if (output.path() == null) {
                continue;
            }
            bound.put(output.path(), output.isTable()
                    ? Bindings.storedTable(null, committed.table(output))
                    : Bindings.storedBlob(output.name(), committed.blob(output, loader), output.key()));
            keys.put(output.path(), output.key());
        }
        List<String> tables = entry.outputs().stream().filter(CacheEntry.Output::isTable)
                .map(CacheEntry.Output::name).toList();
        return new TaskExecution(outcome, reason, bound, keys, tables, List.of(), 0, null, List.of());
    }

    /**
     * The committed entry to say what changed against, when none has the key: a call with the same arguments (its
     * code, inputs or table names changed), or else the call at the same position.
     */
    private static CacheEntry likelySameCall(CommittedVersion committed, String task, TaskKey key,
                                             CacheEntry atPosition) {
        for (CacheEntry entry : committed.entriesOf(task)) {
            if (entry.key().arguments().equals(key.arguments())) {
                return entry;
            }
        }
        return atPosition;
    }

    private boolean isCacheValid(TaskDescriptor task, CacheEntry previous, TaskKey key) {
        return !task.lazy() && !task.version().isEmpty() && previous != null
                && previous.key().key().equals(key.key()) && stageRun.committed().isIntact(previous);
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

    /**
     * The task is cache-valid: its committed objects enter the new version as they are. When its code changed
     * under an unchanged manual version ({@code drift}), the entry keeps the fingerprint it was written with,
     * so that the warning stands on every run until the version is bumped.
     */
    private TaskExecution carryOver(TaskInvocation invocation, int ordinal, CacheEntry previous, TaskKey key,
                                    String drift) {
        TaskKey kept = drift == null ? key : new TaskKey(key.key(), key.format(), key.subject(),
                previous.key().code(), key.arguments(), key.names(), key.receiver(), key.freshness());
        stageRun.writer().keep(previous);
        stageRun.writer().recordEntry(previous.carriedAs(ordinal, kept));
        if (drift == null) {
            return fromEntry(invocation, previous, TaskOutcome.CACHE_VALID, "cache-valid");
        }
        VersionDrift.warn(invocation, drift);
        TaskExecution carried = fromEntry(invocation, previous, TaskOutcome.CACHE_VALID, "cache-valid, but " + drift);
        return new TaskExecution(carried.outcome(), carried.reason(), carried.outputs(), carried.outputKeys(),
                carried.tables(), carried.materializations(), carried.rows(), null, List.of(drift));
    }

    private TaskExecution execute(TaskInvocation invocation, int ordinal, Object[] args, TaskScope scope,
                                  String reason) {
        DagException failure = invoke(invocation, args, scope);
        if (failure != null) {
            return TaskExecution.failed(failure, scope);
        }
        CacheEntry entry = scope.entry(ordinal);
        stageRun.writer().recordEntry(entry);
        return succeeded(invocation, scope, entry, reason);
    }

    /** Runs the task's body in {@code scope}; returns why it failed, or null. */
    private static DagException invoke(TaskInvocation invocation, Object[] args, TaskScope scope) {
        ThreadStates.invoking(scope);
        try {
            invocation.descriptor().method().invoke(invocation.self(), args);
            if (!scope.wasEntered()) {
                return notInstrumented(invocation);
            }
            return scope.taint() != null ? tainted(invocation, scope) : null;
        } catch (InvocationTargetException e) {
            return failure(invocation, e.getCause());
        } catch (DagException e) {
            return StackTraces.forUser(e);
        } catch (IllegalAccessException e) {
            return new DefinitionException(invocation.descriptor() + " cannot be called: " + e.getMessage(),
                    invocation.taskName(), null, invocation.stage().name());
        } finally {
            ThreadStates.endTask(scope);
        }
    }

    private static TaskExecution succeeded(TaskInvocation invocation, TaskScope scope, CacheEntry entry,
                                           String reason) {
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
        return new TaskExecution(outcome, why, scope.outputs(), keys, scope.materializedTables(),
                scope.materializations(), scope.rowsWritten(), null, scope.warnings());
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
