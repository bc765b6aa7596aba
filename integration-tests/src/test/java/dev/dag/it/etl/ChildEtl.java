package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.ScratchFolder;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An ETL program without dag imports, run in a JVM of its own with
 * {@code -javaagent:dag-agent.jar=config=...,instance=it,flow=nightly} on a test database: the agent opens a run
 * named {@value #FLOW} around its {@code main}. The program gets the database's URL, user and an empty password as
 * arguments, to query it at the end.
 *
 * @param config the {@code dag.yaml} the agent reads: instance {@code it} on the test database, and the tasks given
 */
record ChildEtl(TestDatabase db, Path config) {
    static final String FLOW = "nightly";
    /** JVM options that let the child log dag's INFO lines (the run's summary among them). */
    static final List<String> LOGGING_INFO = List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
            "-Dorg.slf4j.simpleLogger.log.dev.dag=info");

    /** Writes a config for {@code db} whose {@code tasks:} section is {@code tasks} (YAML lines, may be empty). */
    static ChildEtl on(TestDatabase db, String tasks) {
        String user = db.config().user() == null ? "" : "    user: " + db.config().user() + "\n";
        try {
            Path file = ScratchFolder.untilExit("dag-etl-").resolve("dag.yaml");
            Files.writeString(file, "instances:\n"
                    + "  it:\n"
                    + "    url: " + db.config().url() + "\n"
                    + user
                    + "    schema_prefix: \"" + db.config().schemaPrefix() + "\"\n"
                    + (tasks.isEmpty() ? "" : "tasks:\n" + tasks));
            return new ChildEtl(db, file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A {@code tasks:} entry declaring {@code owner.method} (a name or pattern) a lazy SQL task of {@code stage}. */
    static String sqlTask(String owner, String method, String stage) {
        return "  - class: " + owner + "\n"
                + "    method: " + method + "\n"
                + "    lazy: true\n"
                + "    sql: true\n"
                + "    stage: " + stage + "\n";
    }

    /** Starts {@code main} with {@code jvmOptions}; the caller awaits or kills it. */
    ChildJvm start(Class<?> main, List<String> jvmOptions) {
        db.config().close(); // a DuckDB file admits one process: let the child have it
        List<String> arguments = new ArrayList<>(List.of(db.config().url()));
        arguments.add(db.config().user() == null ? "" : db.config().user());
        arguments.add("");
        return ChildJvm.start(main.getSimpleName(), "config=" + config + ",instance=it,flow=" + FLOW, jvmOptions, main,
                arguments);
    }

    /** Runs {@code main} to its end, which must be {@code expectedExit}; returns its output. */
    String run(Class<?> main, List<String> jvmOptions, int expectedExit) {
        try (ChildJvm etl = start(main, jvmOptions)) {
            assertEquals(expectedExit, etl.awaitExit(Duration.ofMinutes(2)), etl.output());
            return etl.output();
        }
    }

    /** The quoted metadata schema of the test database. */
    String meta() {
        return "\"" + db.config().schemaPrefix() + "dag_meta\"";
    }

    /** The id of the last run of {@link #FLOW}. */
    Object lastRunId() {
        return db.value("SELECT run_id FROM " + meta() + ".runs WHERE flow = '" + FLOW + "' ORDER BY started_at DESC"
                + " LIMIT 1");
    }
}
