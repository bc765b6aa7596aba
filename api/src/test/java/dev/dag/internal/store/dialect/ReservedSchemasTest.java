package dev.dag.internal.store.dialect;

import dev.dag.internal.store.dialect.duckdb.DuckDbDialect;
import dev.dag.internal.store.dialect.postgres.PostgresDialect;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Schemas a stage must not take: the database's own, and on DuckDB the catalog named after the file. */
class ReservedSchemasTest {
    private final Dialect duckdb = new DuckDbDialect();
    private final Dialect postgres = new PostgresDialect();

    @Test
    void duckDbKeepsItsSystemSchemasAndTheCatalogOfTheFile() {
        String url = "jdbc:duckdb:/work/data/dag.duckdb";
        for (String schema : new String[] {"main", "TEMP", "system", "information_schema", "dag"}) {
            assertNotNull(duckdb.reservedSchema(schema, url), schema);
        }
        assertNotNull(duckdb.reservedSchema("memory", "jdbc:duckdb:"), "an in-memory database is named memory");
        assertNull(duckdb.reservedSchema("raw", url));
        assertNull(duckdb.reservedSchema("dag", "jdbc:duckdb:/work/data/etl.duckdb"));
    }

    @Test
    void postgresKeepsItsSystemSchemasAndTheSharedDefaultSchema() {
        String url = "jdbc:postgresql://127.0.0.1:5432/test";
        for (String schema : new String[] {"information_schema", "pg_catalog", "pg_temp_3", "public", "PUBLIC"}) {
            assertNotNull(postgres.reservedSchema(schema, url), schema);
        }
        assertNull(postgres.reservedSchema("raw", url));
        assertNull(postgres.reservedSchema("publication", url));
    }
}
