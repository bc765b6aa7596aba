package dev.dag.internal.engine.run;

import dev.dag.ConfigContext;
import dev.dag.RunOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The eager run the agent opens around an application's {@code main} with
 * {@code -javaagent:dag-agent.jar=config=dag.yaml,instance=default,flow=nightly}, so that existing ETL
 * code gets caching and atomic stages without any change. The agent understands its options; this class
 * receives the run they describe.
 */
public final class MainRun {
    private static final Logger LOG = LoggerFactory.getLogger(MainRun.class);

    private MainRun() {
    }

    /**
     * Opens the run around {@code main}.
     *
     * @param run config file (empty: the default instance), instance and flow name, separated by NUL
     */
    public static EagerRun open(String run) {
        String[] parts = run.split("\0", -1);
        if (parts.length != 3) {
            throw new IllegalStateException("dag bug: the agent's run description has " + parts.length
                    + " parts instead of 3 (config, instance, flow); are dag-agent and dag-api of one version?");
        }
        ConfigContext config = parts[0].isEmpty() ? ConfigContext.defaults() : ConfigContext.load(parts[0], parts[1]);
        return EagerRun.open(RunOptions.of(config), parts[2]);
    }

    /**
     * Commits the run, or ends it without committing when {@code main} threw. A {@code System.exit} before
     * {@code main} returns never gets here: the exit hook of {@code OpenRuns} records it as aborted.
     */
    public static void end(Object run, Throwable thrown) {
        EagerRun eager = (EagerRun) run;
        try {
            if (thrown != null) {
                eager.fail(thrown);
                LOG.warn("main failed ({}): run {} committed none of its open stages", thrown, eager.runId());
            } else {
                eager.close();
            }
        } finally {
            LOG.info("{}", eager.result().summary());
        }
    }
}
