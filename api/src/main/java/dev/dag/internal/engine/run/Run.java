package dev.dag.internal.engine.run;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Materialization;
import dev.dag.MaterializedTable;
import dev.dag.MaterializationException;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.RunOptions;
import dev.dag.StageOutcome;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.RunStatus;
import dev.dag.internal.config.Redaction;
import dev.dag.internal.engine.context.AgentPresence;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.events.RunEvents;
import dev.dag.internal.engine.override.OutputOverrides;
import dev.dag.internal.engine.report.ReportBuilder;
import dev.dag.internal.engine.report.ReportJson;
import dev.dag.internal.engine.report.ReportRecorder;
import dev.dag.internal.engine.report.RunReport;
import dev.dag.internal.engine.run.open.OpenRuns;
import dev.dag.internal.engine.schedule.CallerFrames;
import dev.dag.internal.engine.stage.CommittedRecords;
import dev.dag.internal.engine.stage.StageRun;
import dev.dag.internal.engine.stage.StageRuns;
import dev.dag.internal.engine.stage.cleanup.RetiredTables;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Databases;
import dev.dag.internal.store.RunningStatements;
import dev.dag.internal.store.dialect.lock.Presence;
import dev.dag.internal.engine.trust.VersionDrift;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run, of a defined flow or eager: its id, instance and metadata, what it did so far, and the steps
 * every run goes through, whoever orders them: begin a stage, run (or read) its tasks, end the stage
 * (publish it, write it aside, or abort it), finish. {@link FlowRunner} orders them by the flow
 * definition, {@link EagerRun} by the calls of the code it wraps.
 */
public final class Run implements RunContext, OpenRuns.OpenRun {
    private static final Logger LOG = LoggerFactory.getLogger(Run.class);

    private final String runId = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
    private final Thread thread = Thread.currentThread();
    private final FlowDefinition flow;
    private final RunOptions options;
    private final ConfigContext config;
    private final Database database;
    private final Metadata metadata;
    private final RunLedger ledger = new RunLedger();
    private final StageRuns stages;
    private final long start = System.nanoTime();
    private final CallerFrames callerFrames = new CallerFrames();
    private final Instant startedAt = Instant.now();
    private final ReportRecorder recorder = new ReportRecorder();
    private RunEvents events = RunEvents.none();
    private final RunMode mode;
    /** Task methods called on other threads that this run warned about already. */
    private final Set<String> warnedMethods = ConcurrentHashMap.newKeySet();
    /**
     * Guards the ends of stages and of the run against the exit hook, which may end the run on its own thread: a
     * stage is published or aborted whole, and never both.
     */
    private final ReentrantLock ending = new ReentrantLock();
    private final Set<StageExecution> openStages = new LinkedHashSet<>();
    private boolean abortedAtExit;
    private Presence presence;
    private RunResult result;

    private Run(FlowDefinition flow, RunOptions options, ConfigContext config, Database database,
                Metadata metadata, RunCatalog catalog, RunMode mode) {
        this.flow = flow;
        this.mode = mode;
        this.options = options;
        this.config = config;
        this.database = database;
        this.metadata = metadata;
        this.stages = new StageRuns(database, metadata, runId, catalog,
                new CommittedRecords(database, metadata, catalog, flow.stageNames()));
    }

    /**
     * Starts a run of {@code flow} on the options' instance (the default one when none): opens its pool
     * and metadata, marks the run live for other runs, and records it.
     *
     * @throws DagException if the database cannot be reached or its metadata cannot be opened
     */
    static Run open(FlowDefinition flow, RunOptions options) {
        ConfigContext config = configOf(options);
        Database database = Databases.of(config);
        Metadata metadata;
        RunCatalog catalog = new RunCatalog(database, flow.stageNames());
        try {
            metadata = Metadata.open(database, catalog);
        } catch (SQLException e) {
            throw new MaterializationException("Cannot open dag's metadata schema '" + database.metadataSchema()
                    + "' in " + config + ": " + e.getMessage(), null, null, null, null, e);
        }
        Run run = new Run(flow, options, config, database, metadata, catalog, RunMode.REAL);
        try {
            run.presence = database.join(run.runId);
        } catch (SQLException e) {
            throw new MaterializationException("Cannot start a run in " + config + ": " + e.getMessage(), null, null,
                    null, null, e);
        }
        run.ledger.runStarted(metadata, run.runId, flow.name());
        OpenRuns.opened(run);
        List<RunListener> listeners = new ArrayList<>(List.of(run.recorder));
        listeners.addAll(options.listeners());
        run.events = RunEvents.of(run, listeners, options.progressInterval());
        run.events.runStarted();
        return run;
    }

    /**
     * Starts a plan of {@code flow}: a run that reads the committed versions and writes nothing, not even its own
     * record (nor is it an open run the exit hook would end); an instance that holds nothing yet is not even
     * connected to.
     *
     * @throws DagException if the database cannot be reached or its metadata is of another format
     */
    static Run openForPlan(FlowDefinition flow, RunOptions options) {
        ConfigContext config = configOf(options);
        Database database = Databases.forReading(config);
        Run run = new Run(flow, options, config, database, Metadata.openForReading(database),
                new RunCatalog(database, flow.stageNames()), RunMode.plan());
        return run;
    }

    private static ConfigContext configOf(RunOptions options) {
        return options.config() != null ? options.config() : ConfigContext.defaults();
    }

    /** What this run found, when it plans ({@link #openForPlan}). */
    Plan plan() {
        return mode.plan(flow, instanceText(), runId);
    }

    /** What this run, when it plans, found for {@code invocation}; null when it did not reach it. */
    PlannedTask planned(TaskInvocation invocation) {
        return mode.planned(invocation);
    }

    /** The table or blob bound to {@code placeholder} (for a plan: the committed one when cache-valid), or null. */
    Object output(OutputPlaceholder placeholder) {
        return ledger.output(placeholder);
    }

    Database database() {
        return database;
    }

    private String instanceText() {
        return "instance '" + config.instance() + "' (" + Redaction.url(config.url()) + ")";
    }

    /** Warns once per method: the code this run wraps may have meant the call as a task. */
    @Override
    public void calledOnAnotherThread(Class<?> owner, String method) {
        Thread caller = Thread.currentThread();
        if (caller != thread && warnedMethods.add(owner.getName() + "." + method)) {
            warn("task method " + owner.getSimpleName() + "." + method + " was called on thread '" + caller.getName()
                    + "' while the run was open on thread '" + thread.getName() + "'. A run is bound to the thread "
                    + "that opened it, so the call ran as plain Java: not cached, nothing materialized, not in this "
                    + "result. Call task methods on the run's thread (hand what other threads computed back to it); "
                    + "inside a task body, on the body's own thread.");
        }
    }

    @Override
    public String runId() {
        return runId;
    }

    @Override
    public String flowName() {
        return flow.name();
    }

    @Override
    public ConfigContext config() {
        return config;
    }

    /** The run's result: final once it finished, what it did so far before. */
    @Override
    public Result result() {
        return result != null ? result : ledger.result(flow, runId, millis(), config);
    }

    /** A run is ended by whoever opened it ({@code Flow.run} returning, or its {@link EagerRun} closing). */
    @Override
    public void close() {
    }

    FlowDefinition flow() {
        return flow;
    }

    RunOptions options() {
        return options;
    }

    /** The run's first failure, or null. */
    DagException failure() {
        return ledger.failure();
    }

    /** Notes a warning about the run as a whole: logged, and listed in its result and summary (once each). */
    void warn(String warning) {
        if (ledger.warn(warning)) {
            LOG.warn("run {} of '{}': {}", runId, flow.name(), warning);
        }
    }

    /** Keeps {@code error} as the run's failure unless it has one already. */
    void fail(DagException error) {
        ledger.fail(error);
    }

    /**
     * Starts writing a new version of {@code stage}: takes its lock and reads its committed version.
     *
     * @param commits whether the stage is published at its end (false: written aside, for a task selection)
     * @param eager   whether the stage's calls come from code an eager run wraps (see {@link StageExecution})
     * @throws DagException if the stage cannot be locked or prepared
     */
    StageExecution beginStage(StageDefinition stage, boolean commits, boolean eager) {
        events.stageStarted(stage.name());
        StageRun stageRun;
        try {
            stageRun = mode.beginStage(stages, stage.name());
        } catch (DagException e) {
            events.stageFinished(stage.name(), StageOutcome.FAILED);
            throw e;
        }
        stageRun.writer().observe((task, table, rows, kept, sql) ->
                events.tableMaterialized(new Materialization(stage.name(), task, table, rows, kept, sql)));
        StageExecution execution = new StageExecution(stage, stageRun, commits, eager);
        ending.lock();
        try {
            if (abortedAtExit) {
                stageRun.abort();
                stageRun.close();
                throw abortedAtExit(stage.name());
            }
            openStages.add(execution);
        } finally {
            ending.unlock();
        }
        return execution;
    }

    /** Runs (or carries over) the next call of a task in {@code stage}; {@code forced} runs it even if cache-valid. */
    TaskExecution runTask(StageExecution stage, TaskInvocation invocation, boolean forced) {
        return runTask(stage, invocation, stage.nextOrdinal(invocation.taskName()), forced);
    }

    /**
     * Runs (or carries over) the {@code ordinal}-th call of a task in {@code stage}, on this thread, which may be
     * a worker thread of a flow run: several tasks of one run may be here at once.
     */
    TaskExecution runTask(StageExecution stage, TaskInvocation invocation, int ordinal, boolean forced) {
        long begin = System.nanoTime();
        TaskExecution execution;
        try (RunEvents.RunningTask running = events.taskStarted(stage.name(), invocation.taskName())) {
            execution = runner(stage).run(invocation, ordinal, forced);
        }
        report(stage, invocation, execution, (System.nanoTime() - begin) / 1_000_000);
        return execution;
    }

    /**
     * The first part of {@link #runTask}, on the flow's own thread, for a call whose key is cheap to compute (see
     * {@link TaskRunner#settlesCheaply}): null when it is not; else the attempt, reported already when it settled
     * the call (cache-valid, or refused before its body), or to be finished by {@link #finishTask}, on a worker.
     */
    TaskRunner.Attempt attemptTask(StageExecution stage, TaskInvocation invocation, int ordinal, boolean forced) {
        TaskRunner runner = runner(stage);
        if (!runner.settlesCheaply(invocation.descriptor(), forced)) {
            return null;
        }
        long begin = System.nanoTime();
        events.announceTask(stage.name(), invocation.taskName());
        TaskRunner.Attempt attempt = runner.attempt(invocation, ordinal, forced);
        if (attempt.settled() != null) {
            report(stage, invocation, attempt.settled(), (System.nanoTime() - begin) / 1_000_000);
        }
        return attempt;
    }

    /** Runs the body of a call {@link #attemptTask} did not settle, on this thread. */
    TaskExecution finishTask(StageExecution stage, TaskInvocation invocation, TaskRunner.Attempt attempt) {
        long begin = System.nanoTime();
        TaskExecution execution;
        try (RunEvents.RunningTask running = events.taskRunning(stage.name(), invocation.taskName())) {
            execution = attempt.finish();
        }
        report(stage, invocation, execution, (System.nanoTime() - begin) / 1_000_000);
        return execution;
    }

    /** A task whose output the run's options give ({@code RunOptions.withOverride}): it does not run. */
    TaskExecution override(StageExecution stage, TaskInvocation invocation, OutputOverrides overrides) {
        long begin = System.nanoTime();
        TaskExecution execution;
        try (RunEvents.RunningTask running = events.taskStarted(stage.name(), invocation.taskName())) {
            execution = overridden(overrides, invocation, stage);
        }
        report(stage, invocation, execution, (System.nanoTime() - begin) / 1_000_000);
        return execution;
    }

    private static TaskExecution overridden(OutputOverrides overrides, TaskInvocation invocation,
                                            StageExecution stage) {
        try {
            OutputOverrides.Written written = overrides.write(invocation, stage.stageRun());
            return new TaskExecution(TaskOutcome.OVERRIDDEN, written.reason(), Map.of("", written.bound()),
                    Map.of("", written.key()), List.of(written.table()), List.of(new MaterializedTable(written.table(),
                    MaterializedTable.Outcome.WRITTEN, true, null)), written.rows(), null, List.of());
        } catch (DagException e) {
            return TaskExecution.failed(StackTraces.forUser(e), null);
        }
    }

    /**
     * A task that is not selected to run (its {@code ordinal}-th call): its outputs are those the last commit of its
     * stage holds for the same call. Without them it fails when a selected task reads it, and is skipped otherwise.
     * A lazy task that no selected task reads is skipped at once: its body would run only to key its tables.
     */
    TaskExecution readCommitted(StageExecution stage, TaskInvocation invocation, int ordinal,
                                FlowRunner.TaskSelection selection) {
        TaskInvocation reader = selection.readerOf(invocation);
        if (reader == null && invocation.descriptor().lazy()) {
            return skipped(invocation, "not selected, and no selected task reads it");
        }
        TaskRunner.LeftOut leftOut = runner(stage).readCommitted(invocation, ordinal);
        TaskExecution execution = leftOut.execution();
        if (execution == null) {
            String none = leftOut.none();
            if (reader == null) {
                return skipped(invocation, "not selected; " + none + ", and no selected task reads it");
            }
            execution = TaskExecution.failed(new DefinitionException("Task '" + invocation.taskName() + "' of stage '"
                    + stage.name() + "' is not selected to run, and " + reader + " reads it, but there is " + none
                    + ". Select it too: " + selection.including(invocation) + ", or run the whole flow.",
                    invocation.taskName(), null, stage.name()), null);
        }
        report(stage, invocation, execution, 0);
        return execution;
    }

    private TaskExecution skipped(TaskInvocation invocation, String reason) {
        skip(invocation, reason);
        return new TaskExecution(TaskOutcome.SKIPPED, reason, Map.of(), Map.of(), List.of(), List.of(), 0, null,
                List.of());
    }

    /** Records a task that does not run, and why. */
    void skip(TaskInvocation invocation, String reason) {
        events.taskFinished(ledger.skip(invocation, reason));
        mode.reported(invocation, TaskOutcome.SKIPPED, reason, List.of(), List.of());
    }

    /** Whether a task's outputs cannot be had in this run (it failed, was skipped or its stage not committed). */
    boolean isUnavailable(TaskInvocation invocation) {
        return ledger.isUnavailable(invocation);
    }

    /** Whether a task was reported (ran, failed or was skipped). */
    boolean isReported(TaskInvocation invocation) {
        return ledger.isReported(invocation);
    }

    /**
     * Ends a stage: publishes it when it commits, {@code commit} is true and none of its tasks failed;
     * otherwise writes it aside (task selection) or drops what it wrote. Releases its lock.
     *
     * @throws DagException if publishing failed (the previous version stays visible)
     */
    void endStage(StageExecution stage, boolean commit) {
        ending.lock();
        try (stage) {
            if (abortedAtExit) {
                throw abortedAtExit(stage.name()); // the hook dropped what the stage wrote
            }
            openStages.remove(stage);
            if (!mode.writes()) {
                if (stage.failed()) {
                    ledger.forgetOutputsOf(stage.definition()); // as a run would: its consumers are skipped
                }
            } else if (!stage.commits() && commit) {
                ledger.uncommitted(stage.tables());
                events.stageFinished(stage.name(), StageOutcome.KEPT);
            } else if (!commit || stage.failed()) {
                stage.stageRun().abort();
                ledger.forgetOutputsOf(stage.definition());
                events.stageFinished(stage.name(), StageOutcome.FAILED);
            } else {
                boolean published = stage.stageRun().publish();
                ledger.committed(stage.name(), stage.tables(), published);
                events.stageFinished(stage.name(), StageOutcome.PUBLISHED);
            }
        } catch (DagException e) {
            ledger.fail(e);
            events.stageFinished(stage.name(), StageOutcome.FAILED);
            throw e;
        } finally {
            ending.unlock();
        }
    }

    /**
     * Ends the run: fixes its result, records it in the metadata, ends its presence, then drops old versions'
     * tables that only this run could still read (in that order: a stage published while the run was ending may
     * have kept a table for it, which the drop after its presence ended finds).
     */
    RunResult finish() {
        ending.lock();
        try {
            if (result == null) {
                AgentPresence.unmatchedTaskEntries().forEach(this::warn);
                result = ledger.result(flow, runId, millis(), config);
                boolean recorded = !abortedAtExit && mode.writes();
                if (recorded) {
                    DagException failure = ledger.failure();
                    RunReport report = ReportBuilder.ofRun(flow, result, recorder, instanceText(), startedAt,
                            failure == null ? null : failure.getMessage());
                    result.attachReport(report);
                    ledger.runFinished(metadata, runId, ReportJson.write(report), historyCutoff());
                }
                ended();
                if (recorded) {
                    // after leaving the live runs: a run publishing meanwhile no longer keeps a table for this one
                    RetiredTables.dropUnread(database, metadata, runId);
                }
                if (!mode.writes()) { // nothing ran: a plan or a dry run only read the committed versions
                    LOG.info("plan {} of flow '{}' {} in {} ms: nothing was run or written", runId, flow.name(),
                            result.successful() ? "made" : "failed", result.millis());
                } else {
                    LOG.info("run {} of flow '{}' {} in {} ms", runId, flow.name(),
                            abortedAtExit ? "was aborted" : result.successful() ? "succeeded" : "failed",
                            result.millis());
                }
                events.runFinished(result);
            }
            return result;
        } finally {
            ending.unlock();
        }
    }

    /**
     * The JVM exits while this run is open: drops what its open stages wrote (their committed versions stay) and
     * records the run as aborted. Waits until {@code deadline} for a stage being published, then gives up.
     */
    @Override
    public void abortAtExit(long deadline) {
        try {
            if (!ending.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                LOG.warn("run {} of '{}': the JVM exits while a stage of the run ends; the next run of the stage "
                        + "cleans up", runId, flow.name());
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            if (result != null || abortedAtExit) {
                return;
            }
            abortedAtExit = true;
            List<String> stages = new ArrayList<>();
            for (StageExecution stage : openStages) {
                stage.stageRun().abort();
                stages.add(stage.name());
            }
            openStages.clear();
            ledger.fail(new DagException("Run " + runId + " was aborted: the JVM exited before it ended", null, null,
                    null, null));
            ledger.runEnded(metadata, runId, RunStatus.ABORTED, null, Optional.empty());
            ended();
            LOG.warn("run {} of '{}' aborted: the JVM exits (System.exit, or a signal) before the run ended. Its open "
                    + "stages {} committed nothing; what they wrote is dropped", runId, flow.name(), stages);
        } finally {
            ending.unlock();
        }
    }

    /** When the instance keeps a bounded history: runs started before this are forgotten as this run ends. */
    private Optional<Instant> historyCutoff() {
        int days = config.historyDays();
        return days == 0 ? Optional.empty() : Optional.of(Instant.now().minus(Duration.ofDays(days)));
    }

    /** No longer open in this JVM, nor live for other runs. */
    private void ended() {
        OpenRuns.ended(this);
        if (presence != null) { // a plan has none
            presence.close();
        }
    }

    private DagException abortedAtExit(String stage) {
        return new MaterializationException("Stage '" + stage + "' is not committed: run " + runId + " was aborted "
                + "because the JVM is exiting.", null, null, stage, null, null);
    }

    @Override
    public String toString() {
        return "run " + runId + " of '" + flow.name() + "'";
    }

    /**
     * How many tasks of a flow run at once: as the options say, else the instance's {@code parallelism}, else the
     * database's default. The pool holds enough connections for them.
     */
    int parallelism() {
        int parallelism = options.parallelism().orElse(config.parallelism().orElse(
                database.dialect().defaultParallelism()));
        database.reserveConnections(parallelism);
        return parallelism;
    }

    /** Whether a manual version whose code changed fails the run ({@code RunOptions} or the instance's config). */
    boolean strictVersions() {
        return options.strictVersions() || config.strictVersions();
    }

    /**
     * Fails the run before anything is written when a task with a manual version has code that changed since
     * its stage's committed cache entry was written ({@link #strictVersions()} only).
     *
     * @throws DefinitionException naming every such task
     */
    void refuseVersionDrift() {
        if (strictVersions() && metadata.isPresent()) {
            VersionDrift.refuseBeforeRun(flow, database, metadata);
        }
    }

    private TaskRunner runner(StageExecution stage) {
        return new TaskRunner(stage, ledger, options.cacheValidation(), flow.name(), strictVersions(), mode);
    }

    private void report(StageExecution stage, TaskInvocation invocation, TaskExecution execution, long millis) {
        if (execution.failure() != null) {
            RunningStatements statements = RunningStatements.ofThisThread();
            if (statements != null && statements.cancellation() != null) {
                stage.markFailed();
                skip(invocation, statements.cancellation() + " (cancelled while it ran)");
                return;
            }
            callerFrames.underCaller(execution.failure());
        }
        TaskResult result = ledger.report(invocation, execution, millis, stage.tables());
        if (result.error().isPresent()) {
            stage.markFailed();
        }
        events.taskFinished(result);
        mode.reported(invocation, execution.outcome(), execution.reason(), execution.tables(),
                execution.materializations());
    }

    private long millis() {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
