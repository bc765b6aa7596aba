package dev.dag;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

/**
 * How to run a flow. Immutable: {@code with...} methods return new options.
 *
 * <pre>{@code
 * flow.run(RunOptions.of(ConfigContext.load("dag.yaml", "default"))
 *         .withCacheValidation(CacheValidationMode.FORCE_CACHE_INVALID));
 * }</pre>
 */
public final class RunOptions {
    /** How long a task runs before dag reports its progress, and how often after that, by default. */
    public static final Duration DEFAULT_PROGRESS_INTERVAL = Duration.ofSeconds(10);

    // Never changed once an instance is handed out: every with... method changes a copy.
    private ConfigContext config;
    private boolean failFast = true;
    private CacheValidationMode cacheValidation = CacheValidationMode.NORMAL;
    private Set<String> stages = Set.of();
    private Set<String> tasks = Set.of();
    private boolean strictVersions;
    private List<RunListener> listeners = List.of();
    private Duration progressInterval = DEFAULT_PROGRESS_INTERVAL;
    private boolean dryRun;
    /** 0: not set here (the instance's {@code parallelism}, else the database's default). */
    private int parallelism;
    /** Outputs given instead of running their task, by task name ("task" or "stage.task"), in the order given. */
    private Map<String, Table> overrides = Map.of();

    private RunOptions() {
    }

    private RunOptions copy() {
        RunOptions copy = new RunOptions();
        copy.config = config;
        copy.failFast = failFast;
        copy.cacheValidation = cacheValidation;
        copy.stages = stages;
        copy.tasks = tasks;
        copy.strictVersions = strictVersions;
        copy.listeners = listeners;
        copy.progressInterval = progressInterval;
        copy.dryRun = dryRun;
        copy.parallelism = parallelism;
        copy.overrides = overrides;
        return copy;
    }

    /** Runs against the default instance (a DuckDB file {@code dag.duckdb} in the working folder). */
    public static RunOptions defaults() {
        return new RunOptions();
    }

    /** Runs against the given instance. */
    public static RunOptions of(ConfigContext config) {
        return defaults().withConfig(config);
    }

    /** The same options against another instance. */
    public RunOptions withConfig(ConfigContext config) {
        RunOptions copy = copy();
        copy.config = Objects.requireNonNull(config, "config");
        return copy;
    }

    /**
     * {@code true} (default): the first failure (in definition order) stops the run; tasks after it are
     * {@link TaskOutcome#SKIPPED} (cancelled when they were running at once with it, see
     * {@link #withParallelism}); stages before its stage are still committed. {@code false}: tasks that do not
     * depend on a failed one still run, so one run reports every failure; the failed stage is still not committed.
     */
    public RunOptions withFailFast(boolean failFast) {
        RunOptions copy = copy();
        copy.failFast = failFast;
        return copy;
    }

    /** The cache validation mode (default {@link CacheValidationMode#NORMAL}). */
    public RunOptions withCacheValidation(CacheValidationMode mode) {
        RunOptions copy = copy();
        copy.cacheValidation = Objects.requireNonNull(mode, "mode");
        return copy;
    }

    /**
     * Runs only these stages (and commits them); the other stages are not run and their outputs are read
     * from their last committed version.
     */
    public RunOptions withStages(String... stageNames) {
        RunOptions copy = copy();
        copy.stages = Set.of(stageNames);
        return copy;
    }

    /**
     * Runs only these tasks, forced (as if cache-invalid), reading their inputs from the last committed
     * versions. Nothing is committed: the tables are written aside, readable through the {@link Result},
     * and dropped by the next run of their stage.
     */
    public RunOptions withTasks(String... taskNames) {
        RunOptions copy = copy();
        copy.tasks = Set.of(taskNames);
        return copy;
    }

    /**
     * Options that fail the run, before anything is written, when a task with a manual version has code
     * that changed since its cache entry was written (instead of keeping the entry and warning in the task's
     * reason). The config key {@code strict_versions: true} does the same for every run of an instance.
     *
     * <pre>{@code flow.run(RunOptions.of(config).withStrictVersions());}</pre>
     */
    public RunOptions withStrictVersions() {
        RunOptions copy = copy();
        copy.strictVersions = true;
        return copy;
    }

    /**
     * Adds a listener that hears the run's events (see {@link RunListener}); several may be added and are
     * called in the order added, after dag's own progress log.
     */
    public RunOptions withListener(RunListener listener) {
        RunOptions copy = copy();
        List<RunListener> more = new ArrayList<>(listeners);
        more.add(Objects.requireNonNull(listener, "listener"));
        copy.listeners = List.copyOf(more);
        return copy;
    }

    /**
     * How long a task runs before its progress is reported (a log line and {@link RunListener#taskProgress}),
     * and how often after that. Default {@link #DEFAULT_PROGRESS_INTERVAL} (10 seconds); at least 1 ms.
     */
    public RunOptions withProgressInterval(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        if (interval.toMillis() < 1) {
            throw new IllegalArgumentException("withProgressInterval(" + interval + "): the interval must be at "
                    + "least one millisecond.");
        }
        RunOptions copy = copy();
        copy.progressInterval = interval;
        return copy;
    }

    /**
     * Options for a dry run: {@link Flow#run(RunOptions)} writes nothing (no table, no schema, no metadata
     * row) and returns a result whose {@link Result#plan()} says what a run would do. The same as
     * {@link Flow#plan(RunOptions)}.
     */
    public RunOptions dryRun() {
        RunOptions copy = copy();
        copy.dryRun = true;
        return copy;
    }

    /**
     * Options that let up to {@code parallelism} tasks of a flow run at once, each as soon as the tasks whose
     * outputs it reads have succeeded (also across stages: a task may read a table of an earlier stage that is
     * written but not yet published). Stages are still published whole, one after another in definition order;
     * results, cache entries and the published tables are the same as with {@code 1}, which runs the tasks one
     * after another in definition order. Overrides the instance's config key {@code parallelism}; without
     * either, the database decides: 1 for DuckDB (which already spreads each query over all cores), 4 for
     * PostgreSQL. An eager run ({@link RunContext#open}) runs each call when it is made, whatever this says.
     * See docs/parallelism.md.
     *
     * <pre>{@code flow.run(RunOptions.of(config).withParallelism(8));}</pre>
     *
     * @throws IllegalArgumentException if {@code parallelism} is less than 1
     */
    public RunOptions withParallelism(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
        }
        RunOptions copy = copy();
        copy.parallelism = parallelism;
        return copy;
    }

    /**
     * Options for a test run in which the task {@code task} does not run: its output is {@code rows} (records of
     * one class, or maps), and the tasks that read it read these rows (pipedag's {@code flow.run(inputs=...)}).
     * {@code task} is a task name, or {@code "stage.task"} when several stages call a task of that name.
     *
     * <p>A run with an override is a test run: it runs and writes like any run, but <b>publishes no stage</b>. Its
     * tables are written aside, readable through its {@link Result}, and dropped by the next run of their stage; it
     * leaves no cache entry, so the next run without overrides decides against the last published version as if
     * this run had not happened. See docs/testing.md.
     *
     * <pre>{@code
     * Result result = flow.run(RunOptions.of(config)
     *         .withOverride("orders", List.of(new Order(1, "North", 10), new Order(2, "South", -3))));
     * }</pre>
     *
     * @throws IllegalArgumentException if {@code rows} is empty (its columns would be unknown: give a
     *     {@link TableRef} to an empty table, or a {@link Table} of SQL instead)
     */
    public RunOptions withOverride(String task, List<?> rows) {
        Objects.requireNonNull(rows, "rows");
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("withOverride(\"" + task + "\", rows): the list of rows is empty, so "
                    + "the columns of the table are unknown. Give an empty table instead: "
                    + "withOverride(task, Table.of(\"SELECT ... WHERE false\")) or a TableRef to one.");
        }
        return withOverride(task, Table.of(rows));
    }

    /**
     * Options for a test run in which the output of {@code task} is a copy of the existing table {@code table}
     * instead of what the task would write (see {@link #withOverride(String, List)}).
     */
    public RunOptions withOverride(String task, TableRef table) {
        return withOverride(task, Table.of(Objects.requireNonNull(table, "table")));
    }

    /**
     * Options for a test run in which the output of {@code task} is {@code table}, written as the task's body would
     * have written it: rows, SQL text or a {@link TableRef}, with its declared decimal and non-nullable columns (see
     * {@link #withOverride(String, List)}). A later override of the same task replaces an earlier one.
     */
    public RunOptions withOverride(String task, Table table) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(table, "table");
        RunOptions copy = copy();
        Map<String, Table> more = new LinkedHashMap<>(overrides);
        more.put(task, table);
        copy.overrides = Collections.unmodifiableMap(more);
        return copy;
    }

    /**
     * Options for a test run in which the output of {@code task} (found with {@link Flow#task} or
     * {@link Stage#task}) is {@code rows} (see {@link #withOverride(String, List)}).
     */
    public RunOptions withOverride(Task task, List<?> rows) {
        return withOverride(Objects.requireNonNull(task, "task").stage() + "." + task.name(), rows);
    }

    /** The outputs given instead of running their tasks, by task name as given ({@link #withOverride}). */
    public Map<String, Table> overrides() {
        return overrides;
    }

    /** The parallelism {@link #withParallelism} set, or empty when the instance or the database decides. */
    public OptionalInt parallelism() {
        return parallelism == 0 ? OptionalInt.empty() : OptionalInt.of(parallelism);
    }

    /** Whether these are the options of a dry run ({@link #dryRun()}). */
    public boolean isDryRun() {
        return dryRun;
    }

    /** The listeners added with {@link #withListener}, in order. */
    public List<RunListener> listeners() {
        return listeners;
    }

    /** How long a task runs before its progress is reported, and how often after that. */
    public Duration progressInterval() {
        return progressInterval;
    }

    /** Whether {@link #withStrictVersions()} was asked for (the instance's {@code strict_versions} applies too). */
    public boolean strictVersions() {
        return strictVersions;
    }

    /** The instance to run against, or null for the default. */
    public ConfigContext config() {
        return config;
    }

    /** Whether the first failure stops the run. */
    public boolean failFast() {
        return failFast;
    }

    /** The cache validation mode. */
    public CacheValidationMode cacheValidation() {
        return cacheValidation;
    }

    /** Stages to run; empty means all. */
    public Set<String> stages() {
        return stages;
    }

    /** Tasks to run; empty means all. */
    public Set<String> tasks() {
        return tasks;
    }
}
