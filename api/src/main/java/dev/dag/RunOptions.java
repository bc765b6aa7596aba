package dev.dag;

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
    private final ConfigContext config;
    private final boolean failFast;
    private final CacheValidationMode cacheValidation;
    private final Set<String> stages;
    private final Set<String> tasks;
    private final boolean strictVersions;
    /** 0: not set here (the instance's {@code parallelism}, else the database's default). */
    private final int parallelism;

    private RunOptions(ConfigContext config, boolean failFast, CacheValidationMode cacheValidation, Set<String> stages,
                       Set<String> tasks, boolean strictVersions, int parallelism) {
        this.config = config;
        this.failFast = failFast;
        this.cacheValidation = cacheValidation;
        this.stages = stages;
        this.tasks = tasks;
        this.strictVersions = strictVersions;
        this.parallelism = parallelism;
    }

    /** Runs against the default instance (a DuckDB file {@code dag.duckdb} in the working folder). */
    public static RunOptions defaults() {
        return new RunOptions(null, true, CacheValidationMode.NORMAL, Set.of(), Set.of(), false, 0);
    }

    /** Runs against the given instance. */
    public static RunOptions of(ConfigContext config) {
        return defaults().withConfig(config);
    }

    /** The same options against another instance. */
    public RunOptions withConfig(ConfigContext config) {
        return new RunOptions(Objects.requireNonNull(config, "config"), failFast, cacheValidation, stages, tasks,
                strictVersions, parallelism);
    }

    /**
     * {@code true} (default): the first failure (in definition order) stops the run; tasks after it are
     * {@link TaskOutcome#SKIPPED} (cancelled when they were running at once with it, see
     * {@link #withParallelism}); stages before its stage are still committed. {@code false}: tasks that do not
     * depend on a failed one still run, so one run reports every failure; the failed stage is still not committed.
     */
    public RunOptions withFailFast(boolean failFast) {
        return new RunOptions(config, failFast, cacheValidation, stages, tasks, strictVersions, parallelism);
    }

    /** The cache validation mode (default {@link CacheValidationMode#NORMAL}). */
    public RunOptions withCacheValidation(CacheValidationMode mode) {
        return new RunOptions(config, failFast, Objects.requireNonNull(mode, "mode"), stages, tasks, strictVersions,
                parallelism);
    }

    /**
     * Runs only these stages (and commits them); the other stages are not run and their outputs are read
     * from their last committed version.
     */
    public RunOptions withStages(String... stageNames) {
        return new RunOptions(config, failFast, cacheValidation, Set.of(stageNames), tasks, strictVersions,
                parallelism);
    }

    /**
     * Runs only these tasks, forced (as if cache-invalid), reading their inputs from the last committed
     * versions. Nothing is committed: the tables are written aside, readable through the {@link Result},
     * and dropped by the next run of their stage.
     */
    public RunOptions withTasks(String... taskNames) {
        return new RunOptions(config, failFast, cacheValidation, stages, Set.of(taskNames), strictVersions,
                parallelism);
    }

    /**
     * Options that fail the run, before anything is written, when a task with a manual version has code
     * that changed since its cache entry was written (instead of keeping the entry and warning in the task's
     * reason). The config key {@code strict_versions: true} does the same for every run of an instance.
     *
     * <pre>{@code flow.run(RunOptions.of(config).withStrictVersions());}</pre>
     */
    public RunOptions withStrictVersions() {
        return new RunOptions(config, failFast, cacheValidation, stages, tasks, true, parallelism);
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
        return new RunOptions(config, failFast, cacheValidation, stages, tasks, strictVersions, parallelism);
    }

    /** The parallelism {@link #withParallelism} set, or empty when the instance or the database decides. */
    public OptionalInt parallelism() {
        return parallelism == 0 ? OptionalInt.empty() : OptionalInt.of(parallelism);
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
