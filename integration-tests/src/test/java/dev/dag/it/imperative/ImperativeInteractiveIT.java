package dev.dag.it.imperative;

import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.ConfigContext;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.store.Databases;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interactive debugging: {@code materialize(options.config(config).schema(..))} outside any run writes
 * the table at once into a schema of that instance; a schema of another instance or one of dag's own is
 * refused, and so is the option inside a run.
 */
class ImperativeInteractiveIT {
    static volatile ConfigContext runConfig;
    static volatile int materializeLine;

    private static MaterializeOptions into(ConfigContext config, String schema) {
        return MaterializeOptions.defaults().config(config).schema(schema).dropIfExists();
    }

    @OnEachDatabase
    void outsideARunWritesTheTableIntoTheGivenSchemaAtOnce(TestDatabase db) {
        String scratch = db.schema("scratch");

        Table written = Table.of("SELECT 1 AS a UNION ALL SELECT 2 AS a").name("sample")
                .materialize(into(db.config(), scratch));

        assertEquals(TableRef.of(scratch, "sample"), written.ref());
        assertEquals(List.of(1, 2), db.query("SELECT a FROM " + written.ref() + " ORDER BY a").stream()
                .map(row -> ((Number) row.get("a")).intValue()).toList());

        Table replaced = Table.of("SELECT 3 AS a").name("sample").materialize(into(db.config(), scratch));

        assertEquals(List.of(Map.of("a", 3)), db.query("SELECT a FROM " + replaced.ref()).stream()
                .map(row -> Map.of("a", ((Number) row.get("a")).intValue())).toList(), "dropIfExists replaced it");
    }

    @OnEachDatabase
    void schemaOfAnotherInstanceIsRefused(TestDatabase db, @TempDir Path folder) {
        ConfigContext prefixed = withPrefix(db, folder);
        String other = "zz_" + prefixed.schemaPrefix() + "scratch";
        try {
            DefinitionException e = assertThrows(DefinitionException.class, () -> Table.of("SELECT 1 AS a")
                    .name("sample").materialize(into(prefixed, other)));

            assertMessageContains(e, "'" + other + "'", "does not belong", "'" + prefixed.schemaPrefix() + "'",
                    prefixed.schemaPrefix() + "scratch");
            assertFalse(schemaExists(prefixed, other), "nothing was created");
        } finally {
            if (prefixed != db.config()) {
                prefixed.close();
            }
        }
    }

    @OnEachDatabase
    void dagsOwnSchemasAreRefused(TestDatabase db) {
        String prefix = db.config().schemaPrefix();
        for (String own : List.of("dag_data", "dag_meta", "dag_debug")) {
            DefinitionException e = assertThrows(DefinitionException.class, () -> Table.of("SELECT 1 AS a")
                    .name("sample").materialize(into(db.config(), prefix + own)));

            assertMessageContains(e, "'" + prefix + own + "'", "dag's own schemas", prefix + "scratch");
        }
        if (!prefix.isEmpty()) {
            assertThrows(DefinitionException.class, () -> Table.of("SELECT 1 AS a").name("sample")
                    .materialize(into(db.config(), "dag_meta")), "another instance's metadata");
        }
    }

    @OnEachDatabase
    void insideARunTheConfigOptionIsRefusedAtItsLine(TestDatabase db) {
        runConfig = db.config();
        Flow flow = Flows.oneStage("interactive", "s", ImperativeInteractiveIT::writesInteractivelyInARun);

        DefinitionException e = assertThrows(DefinitionException.class, () -> flow.run(RunOptions.of(db.config())));

        assertMessageContains(e, "'writesInteractivelyInARun'", "'s'", "Remove .config(...)");
        Frames.assertTopFrameIs(ImperativeInteractiveIT.class, "writesInteractivelyInARun", materializeLine, e);
    }

    @Materialize(lazy = true)
    static Table writesInteractivelyInARun() {
        materializeLine = Frames.nextLine();
        Table.of("SELECT 1 AS a").name("sample").materialize(into(runConfig, runConfig.schemaPrefix() + "scratch"));
        return Table.of("SELECT 1 AS a").name("never");
    }

    /**
     * The instance of {@code db} if it has a schema prefix, else a DuckDB instance with one in {@code folder}
     * (closed by the caller).
     */
    private static ConfigContext withPrefix(TestDatabase db, Path folder) {
        if (!db.config().schemaPrefix().isEmpty()) {
            return db.config();
        }
        return ConfigContext.builder().instance("prefixed").url("jdbc:duckdb:" + folder.resolve("p.duckdb"))
                .schemaPrefix("p_").build();
    }

    private static boolean schemaExists(ConfigContext config, String schema) {
        try (Connection connection = Databases.of(config).connection();
             ResultSet rows = connection.createStatement().executeQuery(
                     "SELECT count(*) FROM information_schema.schemata WHERE schema_name = '" + schema + "'")) {
            rows.next();
            return rows.getLong(1) > 0;
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }
}
