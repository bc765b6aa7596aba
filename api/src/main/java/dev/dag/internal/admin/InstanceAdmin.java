package dev.dag.internal.admin;

import dev.dag.internal.store.meta.RunLog;
import dev.dag.ConfigContext;
import dev.dag.MaterializationException;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.store.meta.ObjectState;
import dev.dag.internal.store.meta.RunHistory;
import dev.dag.internal.config.Redaction;
import dev.dag.internal.engine.report.HtmlReport;
import dev.dag.internal.engine.report.ReportJson;
import dev.dag.internal.engine.report.RunReport;
import dev.dag.internal.engine.stage.cleanup.StageMaintenance;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Databases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An instance seen from outside a run, for the command line: its stages and runs, why a task is as it is, and the
 * upkeep (garbage collection, dropping a stage, a reset). Opening it creates nothing; every SQL statement it needs
 * is the metadata's or the dialect's.
 */
public final class InstanceAdmin {
    private static final Pattern RUN_ID = Pattern.compile("[0-9a-f]{1,16}");
    private static final Pattern INPUT_TOKEN = Pattern.compile("\"\\$input\"\\s*[,:]\\s*\"([0-9a-zA-Z:?-]+)\"");
    private static final int EXPLAINED_RUNS = 5;

    private final ConfigContext config;
    private final Database database;
    private final Metadata metadata;

    private InstanceAdmin(ConfigContext config, Database database, Metadata metadata) {
        this.config = config;
        this.database = database;
        this.metadata = metadata;
    }

    /**
     * Opens {@code config}'s instance for looking and upkeep, creating nothing (an instance that does not exist yet
     * reads as empty).
     *
     * @throws dev.dag.ConfigException if the database cannot be reached or its metadata is of another format
     */
    public static InstanceAdmin open(ConfigContext config) {
        Database database = Databases.forReading(config);
        return new InstanceAdmin(config, database, Metadata.openForReading(database));
    }

    /** The instance's name and URL (without credentials). */
    public String instance() {
        return "instance '" + config.instance() + "' (" + Redaction.url(config.url()) + ")";
    }

    /** Whether dag ever wrote to this instance (its metadata exists). */
    public boolean exists() {
        return metadata.isPresent();
    }

    /** A stage: the run that committed its current version, when, and its published tables and rows. */
    public record StageStatus(String stage, String committedBy, Instant committedAt, long tables, long rows) {
    }

    /** Every stage the metadata knows, in the order of their last commits. */
    public List<StageStatus> stages() {
        return read(() -> {
            Map<String, RunHistory.Commit> lastCommits = new HashMap<>();
            history().commits().forEach(commit -> lastCommits.putIfAbsent(commit.stage(), commit));
            Map<String, RunHistory.TableCount> counts = history().publishedTables();
            List<StageStatus> stages = new ArrayList<>();
            for (String stage : history().stages()) {
                RunHistory.Commit commit = lastCommits.get(stage);
                RunHistory.TableCount count = counts.getOrDefault(stage, new RunHistory.TableCount(0, 0));
                stages.add(new StageStatus(stage, commit == null ? null : commit.runId(),
                        commit == null ? null : commit.committedAt(), count.tables(), count.rows()));
            }
            // in the order their versions were committed (the flow's order, for one flow); never committed: last
            stages.sort(Comparator.comparing(StageStatus::committedAt, Comparator.nullsLast(Comparator.naturalOrder())));
            return stages;
        });
    }

    /** The latest runs, newest first. */
    public List<RunHistory.PastRun> runs(int limit) {
        return read(() -> history().runs("", limit));
    }

    /**
     * The run whose id is or starts with {@code idOrPrefix}.
     *
     * @throws NotFound if no run or several runs match
     */
    public RunHistory.PastRun run(String idOrPrefix) {
        if (!RUN_ID.matcher(idOrPrefix).matches()) {
            throw new NotFound("'" + idOrPrefix + "' is not a run id: run ids are 16 hexadecimal digits (a unique "
                    + "beginning is enough). 'dag runs' lists them.");
        }
        List<RunHistory.PastRun> matches = read(() -> history().runs(idOrPrefix, 2));
        if (matches.isEmpty()) {
            throw new NotFound("No run " + idOrPrefix + " in " + instance() + ". 'dag runs' lists the runs it keeps.");
        }
        if (matches.size() > 1) {
            throw new NotFound("Several runs start with " + idOrPrefix + " (" + matches.get(0).runId() + ", "
                    + matches.get(1).runId() + "): give more digits.");
        }
        return matches.get(0);
    }

    /** What the run did to its tasks, in the run's order when its report was kept. */
    public List<RunLog.TaskRun> taskRuns(RunHistory.PastRun run) {
        List<RunLog.TaskRun> stored = read(() -> history().taskRuns(run.runId()));
        Optional<RunReport> report = report(run.runId());
        if (report.isEmpty()) {
            return stored;
        }
        List<RunLog.TaskRun> ordered = new ArrayList<>();
        for (RunReport.Task task : report.get().tasks()) {
            ordered.add(new RunLog.TaskRun(task.stage(), task.task(), task.outcome(), task.reason(),
                    task.millis(), task.rows()));
        }
        return ordered;
    }

    /** The report kept for a run, if any (runs of a dag before reports were kept have none). */
    public Optional<RunReport> report(String runId) {
        return read(() -> Optional.ofNullable(metadata.runs().report(runId)).map(ReportJson::read));
    }

    /**
     * Writes the HTML report of a stored run.
     *
     * @throws NotFound if the run or its report is not kept
     */
    public void writeReport(RunHistory.PastRun run, Path file) {
        RunReport report = report(run.runId()).orElseThrow(() -> new NotFound("Run " + run.runId() + " has no stored "
                + "report: it ran before dag kept reports, or its report was not recorded."));
        HtmlReport.write(report, file);
    }

    /**
     * Why task {@code task} of {@code stage} is as it is: its committed cache entries and latest runs.
     *
     * @throws NotFound if the stage has neither an entry nor a run of that task
     */
    public TaskExplanation explain(String stage, String task) {
        return read(() -> {
            List<TaskExplanation.Entry> entries = new ArrayList<>();
            if (metadata.isPresent()) {
                try (Connection connection = database.connection()) {
                    Map<String, StoredObject> objects = new HashMap<>();
                    metadata.objects().of(connection, stage).forEach(object -> objects.put(object.physicalName(), object));
                    Map<String, String> producers = producers(connection);
                    for (CacheEntry entry : metadata.entries().published(connection, stage)) {
                        if (entry.task().equals(task)) {
                            entries.add(entry(entry, objects, producers));
                        }
                    }
                }
            }
            entries.sort((a, b) -> Integer.compare(a.ordinal(), b.ordinal()));
            List<RunHistory.TaskRunOf> runs = history().runsOf(stage, task, EXPLAINED_RUNS);
            if (entries.isEmpty() && runs.isEmpty()) {
                throw new NotFound("Stage '" + stage + "' of " + instance() + " has no task '" + task + "': no cache "
                        + "entry and no run of it. 'dag status' lists the stages.");
            }
            return new TaskExplanation(stage, task, entries, runs);
        });
    }

    private static TaskExplanation.Entry entry(CacheEntry entry, Map<String, StoredObject> objects,
                                               Map<String, String> producers) {
        Map<String, String> arguments = new LinkedHashMap<>();
        entry.key().arguments().forEach((position, json) -> arguments.put(position, shown(json, producers)));
        List<TaskExplanation.Output> outputs = new ArrayList<>();
        for (CacheEntry.Output output : entry.outputs()) {
            StoredObject object = objects.get(output.physical());
            outputs.add(new TaskExplanation.Output(output.name(), output.kind().stored(), output.physical(),
                    object == null ? -1 : object.rows()));
        }
        return new TaskExplanation.Entry(entry.ordinal(), entry.key().key(), entry.key().subject().method(),
                entry.key().version(), entry.key().code().fingerprint(), arguments, entry.key().receiver(),
                entry.key().freshness(), outputs);
    }

    /**
     * An argument as its key holds it; an input (a token holding its content's key) as the published table or blob
     * with that key, when there is one.
     */
    private static String shown(String json, Map<String, String> producers) {
        Matcher input = INPUT_TOKEN.matcher(json);
        if (!json.startsWith("{\"$token\"") || !input.find()) {
            return json;
        }
        String key = input.group(1);
        if (!input.find()) {
            String producer = producers.get(key);
            return "input " + (producer != null ? producer + " " : "") + "(key " + key.substring(0,
                    Math.min(12, key.length())) + "…)";
        }
        return json;
    }

    /** Published objects by cache key: "stage.name" of each. */
    private Map<String, String> producers(Connection connection) throws SQLException {
        Map<String, String> producers = new HashMap<>();
        for (String stage : history().stages()) {
            for (StoredObject object : metadata.objects().of(connection, stage)) {
                if (object.state() == ObjectState.PUBLISHED) {
                    producers.put(object.cacheKey(), stage + "." + object.name());
                }
            }
        }
        return producers;
    }

    /**
     * Garbage: objects no stage version uses, and runs started more than {@code retention} ago (but never one whose
     * tables a stage publishes, nor a stage's last commit). Unless {@code dryRun}, drops them (each stage under its
     * lock) and forgets the runs.
     */
    public GcPlan gc(Duration retention, boolean dryRun) {
        GcPlan plan = read(() -> garbage(Instant.now().minus(retention)));
        if (!dryRun) {
            plan.leftovers().stream().map(GcPlan.Leftover::stage).distinct()
                    .forEach(stage -> new StageMaintenance(database, metadata, stage).cleanUp());
            write(() -> {
                history().forget(plan.runs().stream().map(RunHistory.PastRun::runId).toList());
                return null;
            });
        }
        return plan;
    }

    private GcPlan garbage(Instant cutoff) throws SQLException {
        List<GcPlan.Leftover> leftovers = new ArrayList<>();
        Set<String> keptRuns = new HashSet<>();
        if (metadata.isPresent()) {
            try (Connection connection = database.connection()) {
                for (String stage : history().stages()) {
                    for (StoredObject object : metadata.objects().of(connection, stage)) {
                        if (object.state() == ObjectState.PUBLISHED) {
                            keptRuns.add(object.runId());
                        } else {
                            leftovers.add(new GcPlan.Leftover(stage, object.name(), object.kind().stored(),
                                    object.state().stored(), object.physicalName(), object.runId()));
                        }
                    }
                }
            }
        }
        Set<String> lastCommits = new HashSet<>();
        history().commits().stream().filter(commit -> lastCommits.add(commit.stage()))
                .forEach(commit -> keptRuns.add(commit.runId()));
        List<RunHistory.PastRun> old = history().runs("", Integer.MAX_VALUE).stream()
                .filter(run -> run.startedAt().isBefore(cutoff) && !keptRuns.contains(run.runId())).toList();
        return new GcPlan(leftovers, old);
    }

    /**
     * Drops stage {@code stage}: its schema, its tables and its metadata.
     *
     * @throws NotFound if the metadata does not know the stage
     */
    public void dropStage(String stage) {
        if (!read(() -> history().stages()).contains(stage)) {
            throw new NotFound("Stage '" + stage + "' is not in " + instance() + ". 'dag status' lists its stages.");
        }
        new StageMaintenance(database, metadata, stage).drop();
    }

    /**
     * Drops everything dag keeps in this instance: every stage (under its lock), the schema of physical tables, the
     * debug schema and the metadata schema. Returns the schemas dropped.
     */
    public List<String> reset() {
        List<String> dropped = new ArrayList<>();
        for (String stage : read(() -> history().stages())) {
            new StageMaintenance(database, metadata, stage).drop();
            dropped.add(database.stageSchema(stage));
        }
        if (!database.isConnected()) {
            return dropped; // nothing was ever written
        }
        write(() -> {
            try (Connection connection = database.connection(); Statement statement = connection.createStatement()) {
                for (String schema : List.of(database.dataSchema(), database.debugSchema(), database.metadataSchema())) {
                    statement.execute(database.dialect().dropSchema(schema));
                    dropped.add(schema);
                }
            }
            return null;
        });
        return dropped;
    }

    private RunHistory history() {
        return metadata.history();
    }

    private interface Sql<T> {
        T run() throws SQLException;
    }

    private <T> T read(Sql<T> query) {
        try {
            return query.run();
        } catch (SQLException e) {
            throw new MaterializationException("Cannot read the metadata of " + instance() + ": " + e.getMessage(),
                    null, null, null, null, e);
        }
    }

    private void write(Sql<?> change) {
        try {
            change.run();
        } catch (SQLException e) {
            throw new MaterializationException("Cannot change " + instance() + ": " + e.getMessage(), null, null, null,
                    null, e);
        }
    }

    /** Closes the instance's connection pool. */
    public void close() {
        Databases.close(config);
    }
}
