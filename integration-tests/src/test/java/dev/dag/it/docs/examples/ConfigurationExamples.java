package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.RunOptions;
import java.nio.file.Path;

/** The three ways to an instance of docs/configuration.md, run by DocExamplesIT. */
public final class ConfigurationExamples {
    private ConfigurationExamples() {
    }

    /** Runs {@code flow} three times: default instance, {@code duckdbFile}, instance {@code default} of {@code yaml}. */
    public static void threeWays(Flow flow, String duckdbFile, String yaml) {
        // docs:three-ways
        flow.run();                                               // the default: DuckDB file dag.duckdb in the working folder

        try (ConfigContext config = ConfigContext.duckdb(Path.of(duckdbFile))) {
            flow.run(RunOptions.of(config));                      // another DuckDB file (created when missing)
        }

        try (ConfigContext config = ConfigContext.load(yaml, "default")) {
            flow.run(RunOptions.of(config));                      // an instance of a YAML file, below
        }
        // end:three-ways
    }
}
