package dev.dag.internal.store.dialect;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.store.dialect.duckdb.DuckDbDialect;
import dev.dag.internal.store.dialect.postgres.PostgresDialect;

import org.junit.jupiter.api.Test;

/** Schemas a stage must not take: the database's own, and on DuckDB the catalog named after the file. */
class ReservedSchemasTest {
    private final Dialect duckdb = new DuckDbDialect();
    private final Dialect postgres = new PostgresDialect();

    @Test
    void duckDbKeepsItsSystemSchemasAndTheCatalogOfTheFile() {
        String url = "jdbc:duckdb:/work/data/dag.duckdb";
        for (String schema : new String[] {"main", "TEMP", "system", "information_schema", "dag"}) {
            assertTrue(duckdb.reservedSchema(schema, url).isPresent(), schema);
        }
        assertTrue(duckdb.reservedSchema("memory", "jdbc:duckdb:").isPresent(),
                "an in-memory database is named memory");
        assertTrue(duckdb.reservedSchema("raw", url).isEmpty());
        assertTrue(duckdb.reservedSchema("dag", "jdbc:duckdb:/work/data/etl.duckdb").isEmpty());
    }

    @Test
    void postgresKeepsItsSystemSchemasAndTheSharedDefaultSchema() {
        String url = "jdbc:postgresql://127.0.0.1:5432/test";
        for (String schema : new String[] {"information_schema", "pg_catalog", "pg_temp_3", "public", "PUBLIC"}) {
            assertTrue(postgres.reservedSchema(schema, url).isPresent(), schema);
        }
        assertTrue(postgres.reservedSchema("raw", url).isEmpty());
        assertTrue(postgres.reservedSchema("publication", url).isEmpty());
    }
}
