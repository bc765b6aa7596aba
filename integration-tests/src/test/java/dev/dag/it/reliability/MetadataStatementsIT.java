package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.CountingDriver;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a run costs around its own SQL: the statements dag sends and the transactions it commits, counted on the
 * pool's connections, for a run of one stage with one changed table and for a fully cache-valid run. The limits
 * are today's counts: a change that adds a statement to every run fails here (lower a limit when a change saves
 * one).
 */
class MetadataStatementsIT {
    /**
     * Statements and commits of a run with one changed table, then of a cache-valid run, per database (a commit: an
     * explicit one, or a statement run in auto-commit mode). Before the metadata's format check lost its second
     * query: DuckDB 23, 15, 12, 9; PostgreSQL 31, 19, 16, 13. PostgreSQL's publish then gained one statement: it
     * takes the locks of the views it replaces first, so that readers never deadlock with it (docs/concurrency.md).
     * Before metadata format 4 (a stage version's entries and commit in one record; the format read with the known
     * objects; the report in the run's record; the publish's
     * object changes in one statement; on DuckDB, the replaced table dropped inside the publish, the run's start
     * written with its first write and the live runs known without a query): DuckDB 22, 14, 11, 8; PostgreSQL 31,
     * 18, 15, 12. Before a stage's objects and entries were read with one query: DuckDB 17, 9, 8, 6; PostgreSQL 27,
     * 17, 13, 11. Before the flow that published a stage was known without a query when a run of this process
     * published it: DuckDB 16, 8, 7, 5; PostgreSQL 26, 16, 12, 10. Before a run's end on DuckDB looked for
     * retired tables only when a publish of this process retired some since it last found none: DuckDB 15, 7, 7, 5.
     * Before metadata format 6 (a run's task outcomes written with its end, in its record): DuckDB 14, 6, 6, 4;
     * PostgreSQL 25, 15, 12, 10, counted with the release thread's statements (below).
     * <p>On PostgreSQL a run lets go of a stage's lock a few milliseconds late ({@code LetGoSessions}): the next lock
     * statement releases it in its own round trip, or a timer thread does on its own. Counted with the run, that
     * release fell in this run or in the next one depending on the timer, and the counts varied by up to two. The
     * timer thread's statements are now counted apart ({@link #RELEASE_THREAD}): a run's counts are then the same
     * every time (23, 14, 10, 9).
     * <p>Before a DuckDB run used the records of a stage that the run before it in this process published or found
     * unchanged, instead of reading them, and before a run's end that writes its record alone wrote it in
     * auto-commit mode: DuckDB 13, 6, 5, 4.
     */
    private static final Map<TestDatabase.Kind, List<Long>> LIMITS = Map.of(
            TestDatabase.Kind.DUCKDB, List.of(12L, 5L, 4L, 3L),
            TestDatabase.Kind.POSTGRES, List.of(23L, 14L, 10L, 9L));

    /** The thread that releases the locks a run let go of when no next lock statement released them first. */
    private static final String RELEASE_THREAD = "dag-lock-release";

    @Materialize(version = "1")
    static Table first() {
        return Table.of("SELECT 1 AS n").name("first");
    }

    @Materialize(version = "1")
    static Table second() {
        return Table.of("SELECT 2 AS n").name("second");
    }

    @Materialize(version = "1")
    static Table changing(int upTo) {
        return Table.of("SELECT * FROM generate_series(1, " + upTo + ") AS t(n)").name("changing");
    }

    private static Flow flow(int upTo) {
        return Flows.oneStage("counted", "raw", () -> {
            first();
            second();
            changing(upTo);
        });
    }

    @OnEachDatabase
    void aRunCostsAFixedNumberOfStatementsAndCommits(TestDatabase db) throws Exception {
        try (CountingDriver counting = CountingDriver.install(db.config().url())) {
            counting.leaveOut(RELEASE_THREAD);
            db.run(flow(3));

            long statements = counting.statements();
            long commits = counting.commits();
            int mark = counting.executed().size();
            Result oneChanged = db.run(flow(4));
            print(db, "one changed table", counting.executed(), mark);
            long changedStatements = counting.statements() - statements;
            long changedCommits = counting.commits() - commits;
            assertEquals(TaskOutcome.RAN, oneChanged.task("changing").orElseThrow().outcome());
            assertEquals(TaskOutcome.CACHE_VALID, oneChanged.task("first").orElseThrow().outcome());

            statements = counting.statements();
            commits = counting.commits();
            mark = counting.executed().size();
            Result cacheValid = db.run(flow(4));
            print(db, "cache-valid", counting.executed(), mark);
            long validStatements = counting.statements() - statements;
            long validCommits = counting.commits() - commits;
            assertEquals(TaskOutcome.CACHE_VALID, cacheValid.task("changing").orElseThrow().outcome());

            System.out.printf("%s: one changed table: %d statements, %d commits; cache-valid: %d statements, "
                    + "%d commits%n", db.kind(), changedStatements, changedCommits, validStatements, validCommits);
            List<Long> limits = LIMITS.get(db.kind());
            assertTrue(changedStatements <= limits.get(0), "statements of a run with one changed table: "
                    + changedStatements);
            assertTrue(changedCommits <= limits.get(1), "commits of a run with one changed table: " + changedCommits);
            assertTrue(validStatements <= limits.get(2), "statements of a cache-valid run: " + validStatements);
            assertTrue(validCommits <= limits.get(3), "commits of a cache-valid run: " + validCommits);
            // what was left out is bounded too: at most one release per stage lock let go of, one per run here
            assertTrue(counting.leftOut() <= 3, "statements of the release thread in 3 runs: " + counting.leftOut());
        }
    }

    /**
     * On DuckDB, where every run of the database is in this process, a cache-valid run reads the metadata of all its
     * stages with the same queries however many stages it has (before: two queries per stage, a millisecond each).
     */
    @Test
    void onDuckDbACacheValidRunReadsTheMetadataOfAllItsStagesAtOnce() throws Exception {
        assertEquals(0, statementsOfThreeMoreStages(TestDatabase.Kind.DUCKDB),
                "statements of a cache-valid run of 6 stages beyond those of one of 3");
    }

    /**
     * On DuckDB, listing a schema's tables reads every table of the file (30 ms in a file of 5,000): a run that only
     * needs its own tables and views binds them by name instead, all its stages with one statement, and never lists
     * the catalog while they are all there, whatever else the file holds.
     */
    @Test
    void onDuckDbARunDoesNotListTheCatalogWhileItsTablesAreThere() throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.DUCKDB, "bigFile");
             CountingDriver counting = CountingDriver.install(db.config().url())) {
            db.execute("CREATE SCHEMA unrelated");
            for (int table = 0; table < 200; table++) {
                db.execute("CREATE TABLE unrelated.t" + table + " AS SELECT " + table + " AS n");
            }
            cacheValidRunStatements(db, counting, 3);
            int mark = counting.executed().size();
            cacheValidRunStatements(db, counting, 3); // two more runs, both cache-valid
            List<String> reruns = counting.executed().subList(mark, counting.executed().size());

            assertTrue(reruns.stream().noneMatch(sql -> sql.contains("information_schema")
                    || sql.contains("duckdb_tables")), String.join("\n", reruns));
            assertEquals(2, reruns.stream().filter(sql -> sql.startsWith("SELECT 1 FROM ")).count(),
                    "per run, one statement binds the tables and views of its three stages: "
                            + String.join("\n", reruns));
        }
    }

    /**
     * On PostgreSQL a run reads its stages ahead too, with a digest of each stage's records that the stage's lock
     * statement reads again in its own round trip: a stage costs its lock statement, no read of its own (before:
     * three statements per stage). Its unlock goes with the next stage's lock statement, or, when that does not come
     * within a few milliseconds, the release thread sends it (counted apart).
     */
    @Test
    void onPostgresACacheValidRunReadsEachStageWithItsLockStatement() throws Exception {
        long more = statementsOfThreeMoreStages(TestDatabase.Kind.POSTGRES);

        System.out.printf("POSTGRES: 3 more stages, %d more statements%n", more);
        assertEquals(3, more, "statements of 3 more stages in a cache-valid run");
    }

    /** The statements a cache-valid run of 6 one-task stages sends beyond those of one of 3, on {@code kind}. */
    private static long statementsOfThreeMoreStages(TestDatabase.Kind kind) throws Exception {
        try (TestDatabase db = TestDatabase.open(kind, "manyStages");
             CountingDriver counting = CountingDriver.install(db.config().url())) {
            counting.leaveOut(RELEASE_THREAD);
            long threeStages = cacheValidRunStatements(db, counting, 3);
            return cacheValidRunStatements(db, counting, 6) - threeStages;
        }
    }

    /** The statements of a cache-valid run of a flow of {@code stages} one-task stages (run once before). */
    private static long cacheValidRunStatements(TestDatabase db, CountingDriver counting, int stages) {
        Flow flow = new Flow("stages_" + stages);
        try (flow) {
            for (int stage = 0; stage < stages; stage++) {
                try (Stage current = new Stage("s" + stages + "_" + stage)) {
                    first();
                }
            }
        }
        db.run(flow);
        long before = counting.statements();
        Result rerun = db.run(flow);
        assertTrue(rerun.tasks().stream().allMatch(task -> task.outcome() == TaskOutcome.CACHE_VALID),
                rerun.summary());
        return counting.statements() - before;
    }

    /** The statements of one run, for the test's output: what to look at when a limit is exceeded. */
    private static void print(TestDatabase db, String run, List<String> executed, int from) {
        System.out.println(db.kind() + ", " + run + ":");
        executed.subList(from, executed.size()).stream().map(sql -> sql.replaceAll("\\s+", " "))
                .map(sql -> "  " + sql.substring(0, Math.min(140, sql.length()))).forEach(System.out::println);
    }
}
