package dev.dag.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A password in a JDBC URL never reaches a message, a log line or {@code toString}. */
class RedactionTest {
    @Test
    void passwordParametersAreHidden() {
        assertEquals("jdbc:postgresql://db:5432/etl?user=etl&password=***&ssl=true",
                Redaction.url("jdbc:postgresql://db:5432/etl?user=etl&password=s3cret&ssl=true"));
        assertEquals("jdbc:sqlserver://db;user=etl;PWD=***", Redaction.url("jdbc:sqlserver://db;user=etl;PWD=s3cret"));
    }

    @Test
    void parametersNamedAsSecretsAreHidden() {
        assertEquals("jdbc:duckdb:md:sales?motherduck_token=***", Redaction.url("jdbc:duckdb:md:sales?motherduck_token=ey7x"));
        assertEquals("https://api.example.com/v1?api-key=***&page=2",
                Redaction.url("https://api.example.com/v1?api-key=k3y&page=2"));
        assertEquals("jdbc:postgresql://db/etl?user=etl&ssl=true", Redaction.url("jdbc:postgresql://db/etl?user=etl&ssl=true"));
    }

    @Test
    void credentialsBeforeTheHostAreHidden() {
        assertEquals("jdbc:postgresql://etl:***@db:5432/etl", Redaction.url("jdbc:postgresql://etl:s3cret@db:5432/etl"));
    }

    @Test
    void urlsWithoutCredentialsStayAsTheyAre() {
        assertEquals("jdbc:duckdb:/data/dag.duckdb", Redaction.url("jdbc:duckdb:/data/dag.duckdb"));
    }

    @Test
    void aConfigPrintsItsUrlWithoutThePassword() {
        ConfigContext config = ConfigContext.builder().url("jdbc:postgresql://127.0.0.1:1/test?password=s3cret").build();

        assertFalse(config.toString().contains("s3cret"), config.toString());
    }

    @Test
    void anUnreachableDatabaseIsReportedWithoutThePassword() {
        ConfigContext config = ConfigContext.builder().instance("unreachable")
                .url("jdbc:postgresql://127.0.0.1:1/test?password=s3cret").build();

        ConfigException error = assertThrows(ConfigException.class,
                () -> dev.dag.internal.store.Databases.of(config));

        assertTrue(error.getMessage().contains("Cannot connect"), error.getMessage());
        assertFalse(error.getMessage().contains("s3cret"), error.getMessage());
        config.close();
    }

    @Test
    void anUnreachableDatabaseWithCredentialsBeforeTheHostLeavesThemOutOfTheWholeStackTrace() {
        ConfigContext config = ConfigContext.builder().instance("unreachable")
                .url("jdbc:postgresql://etl:s3cret@127.0.0.1:1/test").password("0ther-s3cret").build();

        ConfigException error = assertThrows(ConfigException.class,
                () -> dev.dag.internal.store.Databases.of(config));

        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        assertTrue(trace.toString().contains("Cannot connect"), trace.toString());
        assertFalse(trace.toString().contains("s3cret"), trace.toString());
        config.close();
    }

    @Test
    void aDriversMessageThatQuotesAPasswordIsRedactedDownTheCauses() {
        Exception driver = new IllegalStateException("login failed", new RuntimeException("host etl:s3cret@db unknown"));

        Throwable redacted = Redaction.throwable(driver, List.of("s3cret"));

        assertEquals("java.lang.IllegalStateException: login failed", redacted.toString());
        assertEquals("java.lang.RuntimeException: host etl:***@db unknown", redacted.getCause().toString());
        assertEquals(driver.getStackTrace().length, redacted.getStackTrace().length);
        Exception clean = new IllegalStateException("no password here");
        assertTrue(Redaction.throwable(clean, List.of("s3cret")) == clean, "kept as it is");
    }

    @Test
    void userInfoMovesOutOfTheUrl() {
        Redaction.UrlCredentials moved = Redaction.credentials("jdbc:postgresql://etl:s3cret@db:5432/x?ssl=true");

        assertEquals("jdbc:postgresql://db:5432/x?ssl=true", moved.url());
        assertEquals("etl", moved.user());
        assertEquals("s3cret", moved.password());
        assertEquals(null, Redaction.credentials("jdbc:duckdb:/a.duckdb").user());
    }
}
