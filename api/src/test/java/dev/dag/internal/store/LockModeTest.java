package dev.dag.internal.store;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LockModeTest {
    @TempDir
    Path dir;

    @Test
    void leasesOnDuckDbAreRefusedSayingWhatTheyAreFor() {
        ConfigContext config = ConfigContext.builder().instance("local").url("jdbc:duckdb:" + dir.resolve("x.duckdb"))
                .lockMode(ConfigContext.LockMode.LEASE).build();

        ConfigException error = assertThrows(ConfigException.class, () -> Database.open(config));

        assertTrue(error.getMessage().contains("Instance 'local': lock_mode lease is for PostgreSQL behind a pooler "
                + "in transaction mode"), error.getMessage());
        assertTrue(error.getMessage().contains("Remove lock_mode"), error.getMessage());
    }
}
