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
import java.util.Map;
import java.util.TreeMap;

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
        return start(System.getProperty("java.class.path"), main.getName(), jvmOptions);
    }

    /** Starts {@code mainClass} of an application on {@code classPath} with {@code jvmOptions}. */
    ChildJvm start(String classPath, String mainClass, List<String> jvmOptions) {
        db.config().close(); // a DuckDB file admits one process: let the child have it
        return ChildJvm.start(mainClass, "config=" + config + ",instance=it,flow=" + FLOW, jvmOptions, classPath,
                mainClass, databaseArguments());
    }

    /** The database's URL, user and an empty password, the arguments every ETL program here takes. */
    List<String> databaseArguments() {
        List<String> arguments = new ArrayList<>(List.of(db.config().url()));
        arguments.add(db.config().user() == null ? "" : db.config().user());
        arguments.add("");
        return arguments;
    }

    /** Runs {@code main} to its end, which must be {@code expectedExit}; returns its output. */
    String run(Class<?> main, List<String> jvmOptions, int expectedExit) {
        return run(System.getProperty("java.class.path"), main.getName(), jvmOptions, expectedExit);
    }

    /** Runs {@code mainClass} of an application on {@code classPath} to its end; returns its output. */
    String run(String classPath, String mainClass, List<String> jvmOptions, int expectedExit) {
        try (ChildJvm etl = start(classPath, mainClass, jvmOptions)) {
            assertEquals(expectedExit, etl.awaitExit(Duration.ofMinutes(2)), etl.output());
            return etl.output();
        }
    }

    /** Runs {@code mainClass} of an application on {@code classPath} without the agent, as it runs today. */
    String runWithoutAgent(String classPath, String mainClass) {
        db.config().close();
        try (ChildJvm plain = ChildJvm.startWithoutAgent(mainClass, List.of(), classPath, mainClass,
                databaseArguments())) {
            assertEquals(0, plain.awaitExit(Duration.ofMinutes(2)), plain.output());
            return plain.output();
        }
    }

    /** The quoted metadata schema of the test database. */
    String meta() {
        return "\"" + db.config().schemaPrefix() + "dag_meta\"";
    }

    /** Each task of the last run of {@link #FLOW} and its outcome. */
    Map<String, String> outcomesOfLastRun() {
        Map<String, String> outcomes = new TreeMap<>();
        for (Map<String, Object> row : db.query("SELECT task, outcome FROM " + meta() + ".task_runs WHERE run_id = '"
                + lastRunId() + "'")) {
            outcomes.put((String) row.get("task"), (String) row.get("outcome"));
        }
        return outcomes;
    }

    /** The reason of each task of the last run, by task name. */
    Map<String, String> reasonsOfLastRun() {
        Map<String, String> reasons = new TreeMap<>();
        for (Map<String, Object> row : db.query("SELECT task, reason FROM " + meta() + ".task_runs WHERE run_id = '"
                + lastRunId() + "'")) {
            reasons.put((String) row.get("task"), (String) row.get("reason"));
        }
        return reasons;
    }

    /** The id of the last run of {@link #FLOW}. */
    Object lastRunId() {
        return db.value("SELECT run_id FROM " + meta() + ".runs WHERE flow = '" + FLOW + "' ORDER BY started_at DESC"
                + " LIMIT 1");
    }
}
