package dev.dag.internal.engine;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import dev.dag.RunOptions;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The eager run the agent opens around an application's {@code main} with
 * {@code -javaagent:dag-agent.jar=config=dag.yaml,instance=default,flow=nightly}, so that existing ETL
 * code gets caching and atomic stages without any change.
 */
public final class MainRun {
    private static final Logger LOG = LoggerFactory.getLogger(MainRun.class);

    private MainRun() {
    }

    /** Opens the run described by the agent's options. */
    public static EagerRun open(String optionsText) {
        Map<String, String> options = parse(optionsText);
        String flow = options.getOrDefault("flow", "main");
        ConfigContext config = options.containsKey("config")
                ? ConfigContext.load(options.get("config"), options.getOrDefault("instance", "default"))
                : ConfigContext.defaults();
        return EagerRun.open(RunOptions.of(config), flow);
    }

    /** Commits the run, or ends it without committing when {@code main} threw. */
    public static void end(Object run, Throwable thrown) {
        EagerRun eager = (EagerRun) run;
        if (thrown != null) {
            eager.fail();
            LOG.warn("main failed ({}): run {} committed none of its open stages", thrown, eager.runId());
        } else {
            eager.close();
        }
        LOG.info("{}", eager.result().summary());
    }

    static Map<String, String> parse(String text) {
        Map<String, String> options = new HashMap<>();
        if (text == null || text.isBlank()) {
            return options;
        }
        for (String part : text.split(",")) {
            int equals = part.indexOf('=');
            if (equals <= 0) {
                throw new ConfigException("Agent option '" + part + "' is not key=value (options: config, instance, "
                        + "flow, debug)", null);
            }
            options.put(part.substring(0, equals).trim(), part.substring(equals + 1).trim());
        }
        return options;
    }
}
