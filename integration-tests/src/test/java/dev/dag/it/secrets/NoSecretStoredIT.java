package dev.dag.it.secrets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * No secret reaches anything dag writes. {@link SecretPipeline} plants a secret in every place a user can put one
 * and runs twice, in JVMs of their own that log everything dag and its pool say: once, then with the secret changed
 * (the tasks holding it rerun, except the one given a config, which is keyed by what it reaches), then on an
 * instance that cannot connect. Neither secret may appear in any table of the metadata schema, in the run reports,
 * in the output of the JVMs (logs, the summary, the stack trace of the failed connection).
 */
class NoSecretStoredIT {
    private static final Pattern OUTCOME = Pattern.compile("outcome (\\w+) (\\w+)");

    @OnEachDatabase
    void noSecretReachesTheMetadataTheReasonsTheReportsTheLogsOrTheErrors(TestDatabase db) throws Exception {
        String first = secret();
        String second = secret();
        Path folder = Files.createTempDirectory("dag-secrets-");
        Path yaml = folder.resolve("dag.yaml");
        Files.writeString(yaml, config(db));

        String firstRun = run(db, yaml, folder.resolve("report-1.html"), first, false);
        String secondRun = run(db, yaml, folder.resolve("report-2.html"), second, true);

        assertTrue(secondRun.contains("Cannot connect"), "the broken instance failed to connect:\n" + secondRun);
        String metadata = metadata(db);
        assertTrue(metadata.contains("jdbcUrl"), "the dump holds the keys:\n" + metadata);
        Map<String, String> written = Map.of("the metadata tables", metadata,
                "the first report", Files.readString(folder.resolve("report-1.html")),
                "the second report", Files.readString(folder.resolve("report-2.html")),
                "the first JVM's output (logs, summary)", firstRun,
                "the second JVM's output (logs, summary, the failed connection's stack trace)", secondRun);
        for (String secret : List.of(first, second, Long.toString(SecretPipeline.pin(first)),
                Long.toString(SecretPipeline.pin(second)))) {
            written.forEach((where, text) -> assertAbsent(secret, where, text));
        }
        assertTrue(metadata.contains("$secret"), "the secrets are keyed by their hash:\n" + metadata);
        assertEquals(Map.of("login", "RAN", "jdbcUrl", "RAN", "properties", "RAN", "authentication", "RAN",
                "source", "CACHE_VALID", "fetch", "RAN", "token", "RAN", "signed", "RAN", "unlocked", "RAN"),
                outcomes(secondRun), "a changed secret reruns the tasks that hold it; a config argument is keyed "
                + "without its password:\n" + secondRun);
    }

    private static String secret() {
        byte[] bytes = new byte[6];
        ThreadLocalRandom.current().nextBytes(bytes);
        return "Pw" + HexFormat.of().formatHex(bytes);
    }

    /** The run's instance, with the secret as its password and in its URL, and an instance that cannot connect. */
    private static String config(TestDatabase db) {
        String url = db.config().url();
        boolean postgres = db.kind() == TestDatabase.Kind.POSTGRES; // DuckDB reads no parameters from its URL
        return "instances:\n"
                + "  run:\n"
                + "    url: " + url + (postgres ? (url.contains("?") ? "&" : "?") + "password=${DAG_IT_SECRET}" : "")
                + "\n"
                + (db.config().user() == null ? "" : "    user: " + db.config().user() + "\n")
                + "    password: ${DAG_IT_SECRET}\n"
                + "    schema_prefix: \"" + db.config().schemaPrefix() + "\"\n"
                + "  broken:\n"
                + "    url: jdbc:postgresql://etl:${DAG_IT_SECRET}@127.0.0.1:1/crm?password=${DAG_IT_SECRET}\n"
                + "    password: ${DAG_IT_SECRET}\n"
                + "    connect_timeout_seconds: 2\n";
    }

    /** Runs the pipeline with {@code secret} in a JVM that logs at DEBUG; returns its whole output. */
    private static String run(TestDatabase db, Path yaml, Path report, String secret, boolean broken) {
        db.config().close(); // a DuckDB file admits one process: let the child have it
        List<String> arguments = new ArrayList<>(List.of(yaml.toString(), report.toString()));
        if (broken) {
            arguments.add("broken");
        }
        try (ChildJvm child = ChildJvm.start("secret pipeline", List.of(
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug", "-Dorg.slf4j.simpleLogger.log.dev.dag=trace"),
                Map.of(SecretPipeline.SECRET, secret), SecretPipeline.class, arguments)) {
            int exit = child.awaitExit(Duration.ofMinutes(2));
            assertEquals(0, exit, child.output());
            return child.output();
        }
    }

    private static Map<String, String> outcomes(String output) {
        Map<String, String> outcomes = new java.util.TreeMap<>();
        Matcher matcher = OUTCOME.matcher(output);
        while (matcher.find()) {
            outcomes.put(matcher.group(1), matcher.group(2));
        }
        return outcomes;
    }

    /** Every row of every table of the metadata schema, every column as text. */
    private static String metadata(TestDatabase db) throws SQLException {
        String schema = db.config().schemaPrefix() + db.config().metadataSchema();
        StringBuilder dump = new StringBuilder();
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery("SELECT table_name FROM information_schema.tables "
                    + "WHERE table_schema = '" + schema + "'")) {
                while (rows.next()) {
                    tables.add(rows.getString(1));
                }
            }
            assertTrue(tables.size() > 3, "the metadata schema " + schema + " has its tables: " + tables);
            for (String table : tables) {
                dump.append("== ").append(table).append('\n');
                try (ResultSet rows = statement.executeQuery("SELECT * FROM \"" + schema + "\".\"" + table + "\"")) {
                    int columns = rows.getMetaData().getColumnCount();
                    while (rows.next()) {
                        for (int column = 1; column <= columns; column++) {
                            dump.append(rows.getMetaData().getColumnName(column)).append('=')
                                    .append(text(rows.getObject(column))).append(" | ");
                        }
                        dump.append('\n');
                    }
                }
            }
        }
        return dump.toString();
    }

    private static String text(Object value) throws SQLException {
        if (value instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        if (value instanceof java.sql.Array array) {
            return java.util.Arrays.deepToString((Object[]) array.getArray());
        }
        if (value instanceof java.sql.Blob blob) {
            return new String(blob.getBytes(1, (int) blob.length()), StandardCharsets.UTF_8);
        }
        return String.valueOf(value);
    }

    private static void assertAbsent(String secret, String where, String text) {
        int at = text.indexOf(secret);
        if (at >= 0) {
            fail("the secret " + secret + " is in " + where + ": …"
                    + text.substring(Math.max(0, at - 300), Math.min(text.length(), at + 100)) + "…");
        }
    }
}
