package dev.dag.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
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
}
