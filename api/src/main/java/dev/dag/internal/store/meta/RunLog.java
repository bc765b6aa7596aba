package dev.dag.internal.store.meta;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.MetadataSql;
import dev.dag.internal.store.meta.memory.RunFlows;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The runs of an instance as a run writes them: its start, the commits of its stages, its end with what it did to
 * each task and its report; and which runs are live (they may still read what a publish retires).
 */
public final class RunLog {
    private static final JsonFactory JSON = new JsonFactory();
    private final Database database;
    private final MetadataSql sql;
    private final boolean present;
    /** The runs whose start is recorded with their first write rather than on its own (see {@link #started}). */
    private final Map<String, Start> starts = new ConcurrentHashMap<>();

    /** A run's start, kept until it is written with the run's first write or its end. */
    private static final class Start {
        final String flow;
        final Instant at;
        final AtomicBoolean written = new AtomicBoolean();

        Start(String flow, Instant at) {
            this.flow = flow;
            this.at = at;
        }
    }

    RunLog(Database database, MetadataSql sql, boolean present) {
        this.database = database;
        this.sql = sql;
        this.present = present;
    }

    /** A run committed {@code stage} at {@code at}. */
    public record StageCommit(String stage, Instant at) {
    }

    /** One task outcome of a run, for {@link #ended}. */
    public record TaskRun(String stage, String task, String outcome, String reason, long millis, long rows) {
    }

    /**
     * Records the start of a run. Where the database's coordination sees every live run (one process opens the
     * database), other runs need no record to find this one live: the start is then written with the run's first
     * write (in that write's transaction, no commit of its own: a killed run that wrote something is found as
     * {@code running}), or with its end if it wrote nothing.
     */
    public void started(String runId, String flow) throws SQLException {
        Instant now = Instant.now();
        RunFlows.started(runId, flow);
        if (database.allLiveRuns().isPresent()) {
            starts.put(runId, new Start(flow, now));
            return;
        }
        try (Connection connection = database.connection()) {
            Queries.update(connection, sql.insertRun(), runId, flow, MetadataValues.timeText(now), "running");
        }
    }

    /** Within the transaction of a write of run {@code runId}: records its start, if it waits for this write. */
    void recordStartWith(Connection connection, String runId) throws SQLException {
        Start start = starts.get(runId);
        if (start != null && start.written.compareAndSet(false, true)) {
            Queries.update(connection, sql.insertRun(), runId, start.flow, MetadataValues.timeText(start.at),
                    "running");
        }
    }

    /**
     * Ends the run's record: inserts it whole when its start was never written (or written by a transaction that
     * rolled back), updates it otherwise.
     */
    private void finish(Connection connection, String runId, RunStatus status, String report, String tasks,
                        Instant now) throws SQLException {
        Start start = starts.remove(runId);
        if (start == null || start.written.get()) {
            int updated = Queries.update(connection, sql.finishRun(), MetadataValues.timeText(now), status.stored(),
                    report, tasks, runId);
            if (updated == 1 || start == null) {
                return;
            }
        }
        Queries.update(connection, sql.insertEndedRun(), runId, start.flow, MetadataValues.timeText(start.at),
                MetadataValues.timeText(now), status.stored(), report, tasks);
    }

    /**
     * Records the end of a run ({@code succeeded}, {@code failed} or {@code aborted}) in one transaction: what it
     * did to its tasks and why, readable after the fact (in the run's record, one row whatever the number of
     * tasks), the commits of its stages that it found unchanged (they publish nothing, so they are recorded here
     * rather than with a commit of their own) and its report (JSON, or null for none). With
     * {@code forgetStartedBefore}, the same transaction forgets the runs started before it (see
     * {@link dev.dag.ConfigContext#historyDays()}).
     */
    public void ended(String runId, RunStatus status, List<TaskRun> runs, List<StageCommit> unchangedStages,
                      String report, Optional<Instant> forgetStartedBefore) throws SQLException {
        try (Connection connection = database.connection()) {
            if (unchangedStages.isEmpty() && forgetStartedBefore.isEmpty()) {
                // the run's record alone: its statement commits itself, saving the round trip of a COMMIT (finish
                // writes a second statement only when its first changed nothing)
                finish(connection, runId, status, report, tasksJson(runs), Instant.now());
                return;
            }
            Transactions.commit(connection, ending -> {
                recordUnchangedCommits(ending, runId, unchangedStages);
                finish(ending, runId, status, report, tasksJson(runs), Instant.now());
                if (forgetStartedBefore.isPresent()) {
                    String before = MetadataValues.timeText(forgetStartedBefore.get());
                    for (String delete : sql.deleteRunsStartedBefore()) {
                        Queries.update(ending, delete, before);
                    }
                }
            });
        }
    }

    /** The task outcomes as the JSON array the view {@code task_runs} reads; null for none. */
    private static String tasksJson(List<TaskRun> runs) {
        if (runs.isEmpty()) {
            return null;
        }
        StringWriter text = new StringWriter(runs.size() * 120);
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartArray();
            for (TaskRun run : runs) {
                json.writeStartObject();
                json.writeStringField("stage", run.stage());
                json.writeStringField("task", run.task());
                json.writeStringField("outcome", run.outcome());
                json.writeStringField("reason", run.reason());
                json.writeNumberField("millis", run.millis());
                json.writeNumberField("row_count", run.rows());
                json.writeEndObject();
            }
            json.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException("dag bug: task outcomes cannot be written as JSON", e);
        }
        return text.toString();
    }

    /** Records commits of stages that run {@code runId} found unchanged, in the transaction of {@code connection}. */
    private void recordUnchangedCommits(Connection connection, String runId, List<StageCommit> commits)
            throws SQLException {
        if (commits.isEmpty()) {
            return;
        }
        Queries.update(connection, sql.insertUnchangedCommits(),
                MetadataValues.varchars(connection, commits, StageCommit::stage), runId,
                MetadataValues.times(connection, commits, StageCommit::at));
    }

    /** The ids of the runs recorded as running: the live ones, and dead ones that never recorded their end. */
    public Set<String> running(Connection connection) throws SQLException {
        return new TreeSet<>(Queries.list(connection, sql.selectRunning(), rows -> rows.getString(1)));
    }

    /** Of {@code runIds}, the runs that are live now. */
    public Set<String> live(Connection connection, Collection<String> runIds) throws SQLException {
        return database.live(connection, runIds);
    }

    /** The live runs other than {@code runId}: they may still read what a publish retires now. */
    public Set<String> otherLiveRuns(Connection connection, String runId) throws SQLException {
        Optional<Set<String>> all = database.allLiveRuns();
        if (all.isPresent()) { // no need to read the runs recorded as running
            Set<String> others = new TreeSet<>(all.get());
            others.remove(runId);
            return others;
        }
        Set<String> running = running(connection);
        running.remove(runId);
        return database.live(connection, running);
    }

    /** Whether the run started within {@code hours} hours (unknown runs count as old). */
    public boolean startedWithin(Connection connection, String runId, int hours) throws SQLException {
        Instant since = Instant.now().minus(Duration.ofHours(hours));
        return Queries.first(connection, sql.selectRunStart(), rows -> MetadataValues.readTime(rows, 1), runId)
                .filter(started -> started.isAfter(since)).isPresent();
    }

    /**
     * The flow of run {@code runId}, or null for an unknown run: read only when the run was not one of this
     * process's latest (a rerun asking who published a stage usually finds the run before it here).
     */
    public String flowOf(Connection connection, String runId) throws SQLException {
        String known = RunFlows.of(runId);
        if (known != null) {
            return known;
        }
        return Queries.first(connection, sql.selectFlowOfRun(), rows -> rows.getString(1), runId).orElse(null);
    }

    /** The report (JSON) kept for a run, or null. */
    public String report(String runId) throws SQLException {
        if (!present) {
            return null;
        }
        try (Connection connection = database.connection()) {
            return Queries.first(connection, sql.selectRunReport(), rows -> rows.getString(1), runId).orElse(null);
        }
    }
}
