package dev.dag.it.steer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The command line, run as {@code java -jar dag-cli.jar} in its own JVM, against instances that flows wrote: what it
 * prints (text and {@code --json}), its exit codes, and what its upkeep commands change (and, in a dry run, do not).
 */
class CliIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TEST_CLASSES = Path.of("target", "test-classes");

    private static JsonNode json(CliProcess.Outcome outcome) throws IOException {
        assertEquals(0, outcome.exitCode(), outcome::toString);
        return JSON.readTree(outcome.out());
    }

    private static void assertExit(int expected, CliProcess.Outcome outcome) {
        assertEquals(expected, outcome.exitCode(), outcome::toString);
    }

    @OnEachDatabase
    void statusRunsShowAndExplainTellWhatTheRunsDid(TestDatabase db) throws IOException {
        Result first = db.run(ShopFlow.define(100));
        Result second = db.run(ShopFlow.define(8));

        CliProcess.Outcome status = CliProcess.run(db, "status");
        assertExit(0, status);
        assertTrue(status.out().contains("last run: " + second.runId() + " of flow 'shop', succeeded"), status.out());
        assertEquals(1, status.out().split("last run: ", -1).length - 1, () -> "one last run: " + status.out());
        JsonNode statusJson = json(CliProcess.run(db, "status", "--json"));
        assertEquals(List.of("raw", "clean", "marts"), statusJson.get("stages").findValuesAsText("stage"));
        assertEquals(second.runId(), statusJson.get("stages").get(1).get("committedBy").asText());
        assertEquals(2, statusJson.get("stages").get(0).get("tables").asInt());

        JsonNode runs = json(CliProcess.run(db, "runs", "--json"));
        assertEquals(List.of(second.runId(), first.runId()), runs.findValuesAsText("runId"));

        CliProcess.Outcome show = CliProcess.run(db, "show", second.runId().substring(0, 6));
        assertExit(0, show);
        assertTrue(show.out().contains("regionOrders    RAN"), show.out());
        assertTrue(show.out().contains("input 'orders' changed"), show.out());
        JsonNode shown = json(CliProcess.run(db, "show", second.runId(), "--json"));
        assertEquals(List.of("CACHE_VALID", "CACHE_VALID", "RAN", "RAN", "RAN", "CACHE_VALID"),
                shown.get("tasks").findValuesAsText("outcome"));

        CliProcess.Outcome explain = CliProcess.run(db, "explain", "clean.cleanOrders");
        assertExit(0, explain);
        assertTrue(explain.out().contains("argument 0 input raw.orders (key "), explain.out());
        assertTrue(explain.out().contains("argument 2 8"), explain.out());
        assertTrue(explain.out().contains(second.runId() + "  "), explain.out());
        assertTrue(explain.out().contains("RAN: lazy: SQL changed at line 1"), explain.out());
        JsonNode explained = json(CliProcess.run(db, "explain", "marts.customerCount", "--json"));
        assertEquals("1", explained.get("entries").get(0).get("version").asText());
        assertEquals(List.of("CACHE_VALID", "RAN"), explained.get("runs").findValuesAsText("outcome"));
    }

    @OnEachDatabase
    void unknownRunsAndTasksAndBadArgumentsHaveTheirExitCodes(TestDatabase db) {
        db.run(ShopFlow.define(100));

        CliProcess.Outcome noRun = CliProcess.run(db, "show", "ffffffff");
        assertExit(3, noRun);
        assertTrue(noRun.err().contains("No run ffffffff"), noRun.err());
        assertExit(3, CliProcess.run(db, "show", "not-hex"));
        assertExit(3, CliProcess.run(db, "explain", "marts.noSuchTask"));
        assertExit(3, CliProcess.run(db, "report", "ffffffff"));
        assertExit(2, CliProcess.run(db, "explain", "noDot"));
        assertExit(2, CliProcess.run(db, "no-such-command"));
        assertExit(0, CliProcess.run(db, "--help"));
    }

    @OnEachDatabase
    void planDefinesAFlowClassAndWritesNothing(TestDatabase db) throws IOException {
        db.run(ShopFlow.define(100));
        String before = InstanceSnapshot.of(db);

        CliProcess.Outcome unchanged = CliProcess.run(db, "plan", "--classpath", TEST_CLASSES.toString(), "--flow",
                "dev.dag.it.steer.ShopFlow#shop", "--detailed-exitcode");
        assertExit(0, unchanged);
        assertTrue(unchanged.out().contains("0 would run, 6 would not"), unchanged.out());

        db.run(ShopFlow.define(8));
        String afterRun = InstanceSnapshot.of(db);
        Path report = Path.of("target", "cli-plan-" + db.kind().name().toLowerCase() + ".html");
        CliProcess.Outcome changed = CliProcess.run(db, "plan", "--classpath", TEST_CLASSES.toString(), "--flow",
                "dev.dag.it.steer.ShopFlow#shop", "--detailed-exitcode", "--report", report.toString(), "--json");
        assertExit(5, changed);
        JsonNode plan = JSON.readTree(changed.out());
        assertEquals(List.of("CACHE_VALID", "CACHE_VALID", "RUN", "RUN", "RUN", "CACHE_VALID"),
                plan.get("tasks").findValuesAsText("decision"));
        assertTrue(Files.readString(report).contains("data-task-id=\"clean.cleanOrders\""));
        assertEquals(afterRun, InstanceSnapshot.of(db), "the plans wrote nothing");
        assertFalse(before.equals(afterRun), "the run in between did write");

        CliProcess.Outcome notAFlow = CliProcess.run(db, "plan", "--classpath", TEST_CLASSES.toString(), "--flow",
                "dev.dag.it.steer.ShopFlow#orders");
        assertExit(1, notAFlow);
        assertTrue(notAFlow.err().contains("not a Flow"), notAFlow.err());
    }

    @OnEachDatabase
    void outputPrintsACommittedTableAndRefusesAStaleOne(TestDatabase db) throws IOException {
        CliProcess.Outcome none = CliProcess.run(db, "output", "--classpath", TEST_CLASSES.toString(), "--flow",
                "dev.dag.it.steer.ShopFlow#shop", "marts.customerCount");
        assertExit(1, none);
        assertTrue(none.err().contains("has no committed output"), none.err());

        db.run(ShopFlow.define(100));
        String before = InstanceSnapshot.of(db);
        CliProcess.Outcome rows = CliProcess.run(db, "output", "--classpath", TEST_CLASSES.toString(), "--flow",
                "dev.dag.it.steer.ShopFlow#shop", "marts.customerCount", "--json");
        assertExit(0, rows);
        assertEquals(4, json(rows).get("rows").get(0).get("n").asInt());
        CliProcess.Outcome ref = CliProcess.run(db, "output", "--classpath", TEST_CLASSES.toString(), "--flow",
                "dev.dag.it.steer.ShopFlow#shop", "raw.orders", "--ref");
        assertExit(0, ref);
        assertTrue(ref.out().contains("dag_data"), ref.out());
        assertEquals(before, InstanceSnapshot.of(db), "reading outputs wrote nothing");

        db.run(ShopFlow.define(8));
        CliProcess.Outcome stale = CliProcess.run(db, "output", "--classpath", TEST_CLASSES.toString(), "--flow",
                "dev.dag.it.steer.ShopFlow#shop", "marts.productRevenue");
        assertExit(1, stale);
        assertTrue(stale.err().contains("is not what flow 'shop' as defined now would produce"), stale.err());
    }

    @OnEachDatabase
    void reportWritesThePageOfAStoredRun(TestDatabase db) throws IOException {
        Result result = db.run(ShopFlow.define(100));
        Path report = Path.of("target", "cli-report-" + db.kind().name().toLowerCase() + ".html");

        assertExit(0, CliProcess.run(db, "report", result.runId(), "--out", report.toString()));

        String html = Files.readString(report);
        assertEquals(6, html.split("<g class=\"task o-RAN\"", -1).length - 1, "six nodes, every task ran");
        assertTrue(html.contains(result.runId()) && html.contains("WHERE o.quantity &lt;= 100"));
    }

    @OnEachDatabase
    void gcDropsLeftoversAndForgetsOldRunsButNeverWhatAStagePublishes(TestDatabase db) throws IOException {
        Result first = db.run(ShopFlow.define(100));
        Result second = db.run(ShopFlow.define(8));
        Result third = db.run(ShopFlow.define(100)); // the second run's tables are replaced: nothing of it is published
        String meta = db.config().metadataSchema();
        db.execute("UPDATE " + db.table(meta, "runs") + " SET started_at = TIMESTAMP '2020-01-01 00:00:00'");
        db.execute("CREATE TABLE " + db.table("dag_data", "raw__lost__" + second.runId().substring(0, 10))
                + " AS SELECT 1 AS a", "INSERT INTO " + db.table(meta, "objects") + " (physical_name, stage, name, "
                + "kind, task, run_id, state, row_count, cache_key) VALUES ('raw__lost__" + second.runId().substring(0, 10)
                + "', 'raw', 'lost', 'table', 'orders', '" + second.runId() + "', 'staged', 0, 'k')");
        String before = InstanceSnapshot.of(db);

        JsonNode dryRun = json(CliProcess.run(db, "gc", "--dry-run", "--keep-days", "7", "--json"));

        assertEquals(List.of("lost"), dryRun.get("leftovers").findValuesAsText("name"));
        assertEquals(List.of(second.runId()), dryRun.get("runs").findValuesAsText("runId"),
                "the first run still owns published tables, the third committed every stage");
        assertEquals(before, InstanceSnapshot.of(db), "a dry run changes nothing");

        assertExit(0, CliProcess.run(db, "gc", "--keep-days", "7"));

        assertFalse(db.exists(dev.dag.TableRef.of(db.schema("dag_data"), "raw__lost__" + second.runId()
                .substring(0, 10))), "the leftover table is dropped");
        assertEquals(List.of(third.runId(), first.runId()), db.rows("SELECT run_id FROM " + db.table(meta, "runs")
                + " ORDER BY run_id = '" + third.runId() + "' DESC").stream().map(row -> (String) row.get(0)).toList());
        assertTrue(db.rows("SELECT 1 FROM " + db.table(meta, "task_runs") + " WHERE run_id = ?", second.runId())
                .isEmpty());
        Result after = db.run(ShopFlow.define(100));
        assertTrue(after.tasks().stream().allMatch(task -> task.outcome() == TaskOutcome.CACHE_VALID
                || task.outcome() == TaskOutcome.LAZY_CACHE_VALID), after.summary());
    }

    @OnEachDatabase
    void dropStageAsksFirstThenDropsTheStageWhichItsNextRunRebuilds(TestDatabase db) {
        db.run(ShopFlow.define(100));
        String before = InstanceSnapshot.of(db);

        CliProcess.Outcome refused = CliProcess.run(db, "drop-stage", "marts");
        assertExit(4, refused);
        assertTrue(refused.err().contains("--yes"), refused.err());
        assertEquals(before, InstanceSnapshot.of(db), "nothing dropped without confirmation");
        assertExit(3, CliProcess.run(db, "drop-stage", "nope", "--yes"));

        assertExit(0, CliProcess.run(db, "drop-stage", "marts", "--yes"));

        assertEquals(List.of(), db.tablesIn("marts"));
        assertFalse(db.objects("BASE TABLE").stream().anyMatch(table -> table.contains("marts__")), "no table of marts");
        Result rerun = db.run(ShopFlow.define(100));
        assertEquals(TaskOutcome.CACHE_VALID, rerun.task("orders").orElseThrow().outcome());
        assertEquals("no cache entry: first run in this stage", rerun.task("customerCount").orElseThrow().reason());
    }

    /** Any run may read any stage's tables (a later stage of its flow, tables kept for it after a publish). */
    @Test
    void dropStageAndResetAreRefusedWhileARunOfTheInstanceIsLive() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "cliLive")) {
            db.run(ShopFlow.define(100));
            List<String> marts = db.tablesIn("marts");
            try (RunContext live = RunContext.open(db.config(), "reader")) {
                CliProcess.Outcome refused = CliProcess.run(db, "drop-stage", "marts", "--yes");
                assertExit(1, refused);
                assertTrue(refused.err().contains("was not dropped") && refused.err().contains(live.runId()),
                        refused.err());
                assertExit(1, CliProcess.run(db, "reset", "--yes"));
                assertEquals(marts, db.tablesIn("marts"), "nothing dropped while the run is live");
            }
            assertExit(0, CliProcess.run(db, "drop-stage", "marts", "--yes"));
            assertEquals(List.of(), db.tablesIn("marts"));
        }
    }

    @OnEachDatabase
    void resetDropsEverythingOfDag(TestDatabase db) {
        db.run(ShopFlow.define(100));

        assertExit(4, CliProcess.run(db, "reset"));
        CliProcess.Outcome reset = CliProcess.run(db, "reset", "--yes");

        assertExit(0, reset);
        List<String> schemas = db.rows("SELECT schema_name FROM information_schema.schemata").stream()
                .map(row -> (String) row.get(0)).toList();
        for (String dagSchema : List.of("raw", "clean", "marts", "dag_data", "dag_debug",
                db.config().metadataSchema())) {
            assertFalse(schemas.contains(db.schema(dagSchema)), () -> dagSchema + " is dropped: " + schemas);
        }
        Result rerun = db.run(ShopFlow.define(100));
        assertTrue(rerun.tasks().stream().allMatch(task -> task.outcome() == TaskOutcome.RAN), rerun.summary());
    }
}
