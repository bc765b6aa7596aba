package dev.dag.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlConfigLoaderTest {
    @TempDir
    Path dir;

    private Path yaml(String... lines) throws IOException {
        return Files.writeString(dir.resolve("dag.yaml"), String.join("\n", lines) + "\n");
    }

    private static void assertMentions(Throwable error, String... parts) {
        for (String part : parts) {
            assertTrue(error.getMessage().contains(part), "'" + part + "' missing from: " + error.getMessage());
        }
    }

    @Test
    void loadsTheNamedInstanceWithEveryKey() throws IOException {
        Path file = yaml(
                "instances:",
                "  default:",
                "    url: jdbc:duckdb:dag.duckdb",
                "  postgres:",
                "    url: jdbc:postgresql://127.0.0.1:5432/test",
                "    user: dag",
                "    password: secret",
                "    schema_prefix: alice_",
                "    metadata_schema: meta",
                "    pool_size: 8");

        ConfigContext config = ConfigContext.load(file, "postgres");

        assertEquals("postgres", config.instance());
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test", config.url());
        assertEquals("dag", config.user());
        assertEquals("secret", config.password());
        assertEquals("alice_", config.schemaPrefix());
        assertEquals("meta", config.metadataSchema());
        assertEquals(8, config.poolSize());
    }

    @Test
    void omittedKeysTakeTheirDefaults() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb");

        ConfigContext config = ConfigContext.load(file.toString(), "default");

        assertNull(config.user());
        assertNull(config.password());
        assertEquals("", config.schemaPrefix());
        assertEquals("dag_meta", config.metadataSchema());
        assertEquals(4, config.poolSize());
        assertEquals(ConfigContext.LockMode.SESSION, config.lockMode());
        assertEquals(30, config.lockLeaseSeconds());
        assertEquals(60, config.publishWaitSeconds());
        assertEquals(0, config.historyDays(), "every run is kept");
    }

    @Test
    void placeholdersAreReplacedFromTheEnvironment() throws IOException {
        Path file = yaml(
                "instances:",
                "  ci:",
                "    url: jdbc:postgresql://${PGHOST}:${PGPORT}/test",
                "    user: ${PGUSER}");

        ConfigContext config = YamlConfigLoader.load(file, "ci",
                Map.of("PGHOST", "db.internal", "PGPORT", "6543", "PGUSER", "runner"));

        assertEquals("jdbc:postgresql://db.internal:6543/test", config.url());
        assertEquals("runner", config.user());
    }

    @Test
    void defaultIsUsedOnlyWhenTheVariableIsUnset() throws IOException {
        Path file = yaml(
                "instances:",
                "  ci:",
                "    url: jdbc:duckdb:${DATA_DIR:-/tmp}/dag.duckdb",
                "    user: ${PGUSER:-postgres}",
                "    schema_prefix: ${BRANCH:-}");

        ConfigContext unset = YamlConfigLoader.load(file, "ci", Map.of());
        ConfigContext set = YamlConfigLoader.load(file, "ci", Map.of("DATA_DIR", "/data", "PGUSER", "alice",
                "BRANCH", "feature_"));

        assertEquals("jdbc:duckdb:/tmp/dag.duckdb", unset.url());
        assertEquals("postgres", unset.user());
        assertEquals("", unset.schemaPrefix());
        assertEquals("jdbc:duckdb:/data/dag.duckdb", set.url());
        assertEquals("alice", set.user());
        assertEquals("feature_", set.schemaPrefix());
    }

    @Test
    void dollarsAndBackslashesInVariableValuesAreTakenLiterally() throws IOException {
        Path file = yaml("instances:", "  ci:", "    url: jdbc:duckdb:dag.duckdb", "    password: ${PGPASSWORD}");

        ConfigContext config = YamlConfigLoader.load(file, "ci", Map.of("PGPASSWORD", "p$1\\w${X}"));

        assertEquals("p$1\\w${X}", config.password());
    }

    @Test
    void unsetVariableWithoutDefaultNamesTheVariableTheInstanceAndTheKey() throws IOException {
        Path file = yaml("instances:", "  ci:", "    url: jdbc:duckdb:dag.duckdb", "    user: ${DB_USER}");

        ConfigException error = assertThrows(ConfigException.class,
                () -> YamlConfigLoader.load(file, "ci", Map.of("OTHER", "x")));

        assertMentions(error, "DB_USER", "instance 'ci'", "key 'user'", "${DB_USER:-");
    }

    @Test
    void unknownInstanceListsTheDefinedOnes() throws IOException {
        Path file = yaml(
                "instances:",
                "  default:",
                "    url: jdbc:duckdb:dag.duckdb",
                "  postgres:",
                "    url: jdbc:postgresql://localhost/test");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "prod"));

        assertMentions(error, "'prod'", "default", "postgres");
    }

    @Test
    void unknownKeyIsRefusedAndTheKnownKeysAreListed() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    pool: 3");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "'pool'", "'default'", "pool_size");
    }

    @Test
    void instanceWithoutUrlIsRefused() throws IOException {
        Path file = yaml("instances:", "  default:", "    user: dag");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "'default'", "no url");
    }

    @Test
    void invalidYamlIsReportedWithItsCause() throws IOException {
        Path file = yaml("instances:", "  default: [url: {", "    url: x");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "not valid YAML", file.getFileName().toString());
        assertNotNull(error.getCause(), "the parser's exception is kept as the cause");
    }

    @Test
    void fileWithoutInstancesMapIsRefused() throws IOException {
        Path file = yaml("default:", "  url: jdbc:duckdb:dag.duckdb");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "'instances:'");
    }

    @Test
    void missingFileIsReported() {
        Path file = dir.resolve("nowhere.yaml");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "nowhere.yaml", "does not exist");
    }

    @Test
    void poolSizeThatIsNotANumberIsRefused() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    pool_size: many");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "pool_size", "'default'", "'many'");
        assertInstanceOf(NumberFormatException.class, error.getCause());
    }

    @Test
    void poolSizeBelowOneIsRefused() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    pool_size: 0");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "pool_size", "at least 1");
    }

    @Test
    void poolSizeCanComeFromTheEnvironment() throws IOException {
        Path file = yaml("instances:", "  ci:", "    url: jdbc:duckdb:dag.duckdb", "    pool_size: ${POOL:-2}");

        assertEquals(2, YamlConfigLoader.load(file, "ci", Map.of()).poolSize());
        assertEquals(6, YamlConfigLoader.load(file, "ci", Map.of("POOL", "6")).poolSize());
    }

    @Test
    void keyWrittenWithoutValueStaysUnset() throws IOException {
        // "password:" with nothing after it is YAML null; it must not become the text "null".
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    password:",
                "    schema_prefix:");

        ConfigContext config = ConfigContext.load(file, "default");

        assertNull(config.password(), "password");
        assertEquals("", config.schemaPrefix(), "schema_prefix");
    }

    @Test
    void aMisspeltTopLevelKeyIsRefusedListingTheKnownOnes() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "taks:", "  - class: a.B");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "unknown top-level key 'taks'", "instances, tasks");
    }

    @Test
    void aMalformedPlaceholderIsRefusedNotKeptAsText() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:${HOME/dag.duckdb");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "Malformed placeholder", "${HOME/dag.duckdb", "key 'url'");
    }

    @Test
    void aPasswordNearAYamlErrorIsNotQuotedInTheMessageOrItsCauses() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:a.duckdb", "    password: hunter2-x7Q: etl",
                "    user: etl");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        assertMentions(error, "not valid YAML");
        assertFalse(trace.toString().contains("hunter2"), trace.toString());
        assertNotNull(error.getCause(), "the parser's exception is kept as the cause");
    }

    @Test
    void aMalformedPlaceholderInAPasswordIsRefusedWithoutQuotingIt() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:a.duckdb", "    password: hunter2${X");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "Malformed placeholder", "key 'password'");
        assertFalse(error.getMessage().contains("hunter2"), error.getMessage());
    }

    @Test
    void anInstanceGivenAsAScalarSaysSoInsteadOfClaimingItIsMissing() throws IOException {
        Path file = yaml("instances:", "  default: jdbc:duckdb:dag.duckdb");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "Instance 'default'", "single value", "not a map of settings");
    }

    @Test
    void aKeyGivenTwiceIsRefused() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:a.duckdb", "    url: jdbc:duckdb:b.duckdb");

        ConfigException error = assertThrows(ConfigException.class, () -> ConfigContext.load(file, "default"));

        assertMentions(error, "not valid YAML", "url");
    }

    @Test
    void projectPackagesAreReadAsACommaSeparatedList() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb",
                "    project_packages: com.acme.sql, com.acme.common");

        assertEquals(List.of("com.acme.sql", "com.acme.common"), ConfigContext.load(file, "default").projectPackages());
    }

    @Test
    void concurrencyKeysAreRead() throws IOException {
        Path file = yaml("instances:", "  pooled:", "    url: jdbc:postgresql://pgbouncer:6432/dw",
                "    lock_mode: Lease", "    lock_lease_seconds: 12", "    publish_wait_seconds: 300");

        ConfigContext config = ConfigContext.load(file, "pooled");

        assertEquals(ConfigContext.LockMode.LEASE, config.lockMode());
        assertEquals(12, config.lockLeaseSeconds());
        assertEquals(300, config.publishWaitSeconds());
    }

    @Test
    void unknownLockModeAndTooShortLeaseAreRefused() throws IOException {
        Path mode = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    lock_mode: table");
        assertMentions(assertThrows(ConfigException.class, () -> ConfigContext.load(mode, "default")),
                "lock_mode", "'default'", "session or lease", "'table'");

        Path lease = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    lock_lease_seconds: 1");
        assertMentions(assertThrows(ConfigException.class, () -> ConfigContext.load(lease, "default")),
                "lock_lease_seconds", "at least 3");
    }

    @Test
    void historyDaysAreReadAndANegativeOneIsRefused() throws IOException {
        Path file = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    history_days: 14");
        assertEquals(14, ConfigContext.load(file, "default").historyDays());

        Path negative = yaml("instances:", "  default:", "    url: jdbc:duckdb:dag.duckdb", "    history_days: -1");
        assertMentions(assertThrows(ConfigException.class, () -> ConfigContext.load(negative, "default")),
                "history_days", "-1", "0 keeps every run");
    }
}
