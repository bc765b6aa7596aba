package dev.dag;

import java.util.Objects;

/**
 * How to run a flow. Immutable: {@code with...} methods return new options.
 *
 * <pre>{@code
 * flow.run(RunOptions.of(ConfigContext.load("dag.yaml", "default")).withFailFast(false));
 * }</pre>
 */
public final class RunOptions {
    private final ConfigContext config;
    private final boolean failFast;

    private RunOptions(ConfigContext config, boolean failFast) {
        this.config = config;
        this.failFast = failFast;
    }

    /** Runs against the default instance (a DuckDB file {@code dag.duckdb} in the working folder). */
    public static RunOptions defaults() {
        return new RunOptions(null, true);
    }

    /** Runs against the given instance. */
    public static RunOptions of(ConfigContext config) {
        return new RunOptions(Objects.requireNonNull(config, "config"), true);
    }

    /** The same options against another instance. */
    public RunOptions withConfig(ConfigContext config) {
        return new RunOptions(Objects.requireNonNull(config, "config"), failFast);
    }

    /**
     * {@code true} (default): the first failure stops the run; tasks not yet run are
     * {@link TaskOutcome#SKIPPED}. {@code false}: independent tasks of the same stage still run, so one
     * run reports every failure of the stage; the failed stage is still not committed.
     */
    public RunOptions withFailFast(boolean failFast) {
        return new RunOptions(config, failFast);
    }

    /** The instance to run against, or null for the default. */
    public ConfigContext config() {
        return config;
    }

    /** Whether the first failure stops the run. */
    public boolean failFast() {
        return failFast;
    }
}
