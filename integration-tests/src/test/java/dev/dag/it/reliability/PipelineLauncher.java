package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts {@link CrashPipeline} in a child JVM against a test database. Immutable: each {@code with...}
 * returns a new launcher.
 *
 * @param jvmOptions options added to the child's command line (failpoints, log level)
 * @param arguments  extra pipeline arguments (lock timeout)
 */
record PipelineLauncher(TestDatabase db, List<String> jvmOptions, List<String> arguments) {

    static PipelineLauncher on(TestDatabase db) {
        return new PipelineLauncher(db, List.of(), List.of());
    }

    /** Makes the child halt, as {@code kill -9} would, when it reaches the failpoint {@code name}. */
    PipelineLauncher withFailpoint(String name) {
        return withJvmOption("-Ddag.failpoints=" + name);
    }

    /** Makes the child log dag's INFO lines (such as waiting for a stage lock). */
    PipelineLauncher loggingInfo() {
        // the test resources' simplelogger.properties sets dev.dag to warn: override both levels
        return withJvmOption("-Dorg.slf4j.simpleLogger.defaultLogLevel=info")
                .withJvmOption("-Dorg.slf4j.simpleLogger.log.dev.dag=info");
    }

    /** Sets the child's {@code lock_timeout_seconds}. */
    PipelineLauncher withLockTimeout(int seconds) {
        return withArgument("lockTimeout=" + seconds);
    }

    /** Makes the child take its locks as leases ({@code lock_mode: lease}) of {@code seconds}. */
    PipelineLauncher withLeases(int seconds) {
        return withArgument("leaseSeconds=" + seconds);
    }

    private PipelineLauncher withArgument(String argument) {
        List<String> more = new ArrayList<>(arguments);
        more.add(argument);
        return new PipelineLauncher(db, jvmOptions, List.copyOf(more));
    }

    private PipelineLauncher withJvmOption(String option) {
        List<String> more = new ArrayList<>(jvmOptions);
        more.add(option);
        return new PipelineLauncher(db, List.copyOf(more), arguments);
    }

    /**
     * Starts the pipeline; on PostgreSQL its sessions carry {@link #applicationName(String)}. This JVM
     * first closes its own connections, so that the child can open a DuckDB file.
     */
    ChildJvm start(String name, CrashPipeline.Options options) {
        ConfigContext config = db.config();
        config.close();
        List<String> all = new ArrayList<>(options.asArguments());
        all.addAll(arguments);
        all.add("prefix=" + config.schemaPrefix());
        all.add("parallelism=" + config.parallelism().orElse(1)); // as the suite's own runs
        if (db.kind() == TestDatabase.Kind.POSTGRES) {
            String separator = config.url().contains("?") ? "&" : "?";
            all.add("url=" + config.url() + separator + "ApplicationName=" + applicationName(name));
            all.add("user=" + config.user());
            all.add("password=" + (config.password() == null ? "" : config.password()));
        } else {
            all.add("url=" + config.url());
        }
        return ChildJvm.start(name, jvmOptions, CrashPipeline.class, all);
    }

    /** The PostgreSQL application name of the sessions of the child called {@code name}. */
    String applicationName(String name) {
        return "dag-it-" + db.config().schemaPrefix() + name.replaceAll("[^A-Za-z0-9]", "-");
    }

    /** Starts the pipeline (with a gate) and returns once a task of stage raw holds the stage. */
    ChildJvm startHolding(String name, CrashPipeline.Options options) {
        ChildJvm child = start(name, options);
        try {
            child.awaitLine(CrashPipeline.HOLDING_STAGE, Duration.ofSeconds(60));
            return child;
        } catch (Throwable failure) {
            child.close();
            throw failure;
        }
    }
}
