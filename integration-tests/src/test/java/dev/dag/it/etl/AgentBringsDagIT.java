package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code java -javaagent:dag-agent.jar=config=...,flow=nightly -cp app.jar:<its libraries> com.acme.etl.NightlyEtl}
 * on an application without any dag jar and with its own, older Jackson and HikariCP: the agent brings dag,
 * loaded apart, and the application keeps the libraries it shipped.
 */
class AgentBringsDagIT {
    private static final String MAIN = "com.acme.etl.NightlyEtl";

    private static ChildEtl nightly(TestDatabase db) {
        return ChildEtl.on(db, ChildEtl.sqlTask(MAIN, "orders", "raw") + ChildEtl.sqlTask(MAIN, "bigOrders", "clean")
                + ChildEtl.sqlTask(MAIN, "summary", "marts"));
    }

    private static String run(ChildEtl etl, List<String> options, int exit) {
        return etl.run(LegacyApp.classPath(), MAIN, options, exit);
    }

    @OnEachDatabase
    void anApplicationWithoutDagIsCachedOnItsSecondRunAndKeepsItsOwnLibraries(TestDatabase db) {
        ChildEtl etl = nightly(db);

        String first = run(etl, List.of("-Detl.threshold=5"), 0);
        assertTrue(first.contains("RESULT {\"bigOrders\":500}"), first);
        assertTrue(first.contains("dag_data"), "main received a query on the stored table: " + first);
        assertEquals(Map.of("bigOrders", "RAN", "orders", "RAN", "summary", "RAN"), etl.outcomesOfLastRun());
        assertTrue(first.contains("JACKSON 2.17.2 from ") && first.contains("jackson-databind-2.17.2.jar"), first);
        assertTrue(first.contains("HIKARI from ") && first.contains("HikariCP-5.1.0.jar"), first);
        assertFalse(first.contains("dag-agent:"), "the agent reported no problem: " + first);

        String second = run(etl, List.of("-Detl.threshold=5"), 0);
        assertTrue(second.contains("RESULT {\"bigOrders\":500}"), second);
        assertEquals(Map.of("bigOrders", "LAZY_CACHE_VALID", "orders", "LAZY_CACHE_VALID",
                "summary", "LAZY_CACHE_VALID"), etl.outcomesOfLastRun());
    }

    @OnEachDatabase
    void aRunWhoseMainThrowsCommitsNoneOfItsStages(TestDatabase db) {
        ChildEtl etl = nightly(db);
        run(etl, List.of("-Detl.threshold=5"), 0);

        String failed = run(etl, List.of("-Detl.threshold=8", "-Detl.fail=true"), 1);

        assertTrue(failed.contains("RESULT {\"bigOrders\":200}"), "the failed run saw its own tables: " + failed);
        assertEquals("failed", db.value("SELECT status FROM " + etl.meta() + ".runs WHERE run_id = '"
                + etl.lastRunId() + "'"));
        assertEquals(500L, ((Number) db.value("SELECT count(*) FROM " + db.table("clean", "bigOrders"))).longValue(),
                "stage clean still shows the first run's table");
    }

    /**
     * The agent cannot unpack the dag it carries (here: its temporary directory is a file): one line on stderr says
     * why and what to do, and the application runs as it does without the agent, its own query and result intact.
     * On PostgreSQL only: DuckDB's driver unpacks its native library into the temporary directory too, so there the
     * application itself could not run.
     */
    @Test
    void whenTheCarriedDagCannotLoadOneLineSaysWhyAndTheApplicationRunsAsWithoutTheAgent() throws IOException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "bundleFails")) {
            applicationRunsUnchanged(db);
        }
    }

    private static void applicationRunsUnchanged(TestDatabase db) throws IOException {
        ChildEtl etl = nightly(db);
        String plain = etl.runWithoutAgent(LegacyApp.classPath(), MAIN);
        Path notAFolder = Files.createTempFile("dag-it-not-a-folder", ".txt");
        try {
            String broken = run(etl, List.of("-Djava.io.tmpdir=" + notAFolder), 0);

            List<String> agentLines = broken.lines().filter(line -> line.contains("dag-agent:")).toList();
            assertEquals(1, agentLines.size(), broken);
            assertTrue(agentLines.get(0).contains("cannot load the dag it carries")
                    && agentLines.get(0).contains("Fix:"), agentLines.get(0));
            assertEquals(resultLines(plain), resultLines(broken), "the application's results");
            assertFalse(broken.contains("dag_data"), "main received its own query, not a stored table: " + broken);
            assertTrue(db.untouched(), "nothing of dag was written");
        } finally {
            try {
                Files.deleteIfExists(notAFolder);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static List<String> resultLines(String output) {
        return output.lines().filter(line -> line.startsWith("RESULT ")).toList();
    }
}
