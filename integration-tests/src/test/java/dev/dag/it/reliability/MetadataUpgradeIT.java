package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Result;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.internal.store.dialect.MetadataSql;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.OldFormats;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;

/**
 * A metadata schema of an earlier format (1 to 4) is upgraded in place by the next run, keeping its cache: the
 * run finds every task cache-valid. A run killed mid-upgrade leaves the old format, which the next run upgrades;
 * two runs that find the old format at once both succeed and the upgrade is made once.
 */
@Tag("reliability")
class MetadataUpgradeIT {
    private static final Duration PATIENCE = Duration.ofSeconds(90);
    private static final int KILLED = 137;
    private static final Options PIPELINE = Options.generation(1);

    @OnEachDatabase
    void aStoreOfEachEarlierFormatIsUpgradedWithItsCacheKept(TestDatabase db) {
        steadyState(db);
        List<List<Object>> entries = publishedEntries(db);
        for (int format = 1; format < MetadataSql.FORMAT_VERSION; format++) {
            OldFormats.downgrade(db, format);
            assertEquals(format, format(db));

            Result upgraded = CrashPipeline.run(db.config(), PIPELINE);

            assertEquals(MetadataSql.FORMAT_VERSION, format(db), "upgraded from format " + format);
            if (db.kind() == TestDatabase.Kind.POSTGRES) {
                assertEquals(List.of(List.of("live_versions_by_stage"), List.of("objects_by_stage"),
                        List.of("runs_by_id")), db.rows("SELECT indexname FROM pg_indexes WHERE schemaname = ? "
                        + "ORDER BY indexname", db.schema(db.config().metadataSchema())),
                        "format 5's indexes, after the upgrade from format " + format);
            }
            assertAllCacheValid(upgraded, "the first run after the upgrade from format " + format);
            assertEquals(entries, publishedEntries(db), "the cache entries, after the upgrade from format " + format);
        }
    }

    @OnEachDatabase
    void aRunKilledMidUpgradeLeavesTheOldFormatAndTheNextRunUpgradesIt(TestDatabase db) {
        steadyState(db);
        List<List<Object>> entries = publishedEntries(db);
        OldFormats.downgrade(db, 3);

        try (ChildJvm killed = PipelineLauncher.on(db).withFailpoint("before-upgrade-commit")
                .start("killed mid-upgrade", PIPELINE)) {
            assertEquals(KILLED, killed.awaitExit(PATIENCE), killed.output());
            assertTrue(killed.output().contains("failpoint before-upgrade-commit reached"), killed.output());
        }
        assertEquals(3, format(db), "nothing of the upgrade committed");
        assertEquals(entries.size(), db.rows("SELECT * FROM " + meta(db, "tasks") + " WHERE state = 'published'")
                .size(), "format 3's table of cache entries, as it was");

        Result next = CrashPipeline.run(db.config(), PIPELINE);

        assertEquals(MetadataSql.FORMAT_VERSION, format(db));
        assertAllCacheValid(next, "the run after the killed upgrade");
        assertEquals(entries, publishedEntries(db));
    }

    @OnEachDatabase
    void twoRunsFindingAnOldFormatAtOnceBothSucceedAndUpgradeItOnce(TestDatabase db) throws Exception {
        steadyState(db);
        List<List<Object>> entries = publishedEntries(db);
        List<List<Object>> commits = commits(db);
        OldFormats.downgrade(db, 3);

        if (db.kind() == TestDatabase.Kind.POSTGRES) {
            bothInTwoProcesses(db);
        } else {
            bothInThisProcess(db); // one process at a time opens a DuckDB file: two runs of two configurations
        }

        assertEquals(MetadataSql.FORMAT_VERSION, format(db));
        assertEquals(entries, publishedEntries(db), "each entry moved once");
        List<List<Object>> after = commits(db);
        assertEquals(commits, after.subList(0, commits.size()), "each commit moved once");
        assertEquals(commits.size() + 4, after.size(), "and each of the two runs committed the two stages");
    }

    private static void bothInTwoProcesses(TestDatabase db) {
        PipelineLauncher launcher = PipelineLauncher.on(db);
        try (ChildJvm first = launcher.start("first upgrader", PIPELINE);
             ChildJvm second = launcher.start("second upgrader", PIPELINE)) {
            assertEquals(0, first.awaitExit(PATIENCE), first.output());
            assertEquals(0, second.awaitExit(PATIENCE), second.output());
            for (ChildJvm child : List.of(first, second)) {
                assertTrue(child.output().contains(CrashPipeline.SUCCEEDED), child.output());
                assertTrue(!child.output().contains(" RAN"), "every task cache-valid: " + child.output());
            }
        }
    }

    private static void bothInThisProcess(TestDatabase db) throws Exception {
        ConfigContext own = db.config();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (ConfigContext other = ConfigContext.builder().instance("second-upgrader").url(own.url())
                .schemaPrefix(own.schemaPrefix()).build()) {
            List<Future<Result>> runs = new ArrayList<>();
            for (ConfigContext config : List.of(own, other)) {
                runs.add(threads.submit(() -> CrashPipeline.run(config, PIPELINE)));
            }
            List<Result> results = new ArrayList<>();
            for (Future<Result> run : runs) {
                results.add(run.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
            }
            results.forEach(result -> assertAllCacheValid(result, "a run that found format 3"));
        } finally {
            threads.shutdownNow();
        }
    }

    /** Runs the pipeline until a rerun changes nothing (a lazy task's entry is completed by its second run). */
    private static void steadyState(TestDatabase db) {
        for (int run = 0; run < 2; run++) {
            assertTrue(CrashPipeline.run(db.config(), PIPELINE).successful());
        }
    }

    private static void assertAllCacheValid(Result result, String what) {
        assertTrue(result.successful(), what);
        for (TaskResult task : result.tasks()) {
            assertTrue(task.outcome() == TaskOutcome.CACHE_VALID || task.outcome() == TaskOutcome.LAZY_CACHE_VALID,
                    what + ": " + task.task() + " " + task.outcome());
        }
    }

    private static String meta(TestDatabase db, String table) {
        return db.table(db.config().metadataSchema(), table);
    }

    private static int format(TestDatabase db) {
        return ((Number) db.value("SELECT version FROM " + meta(db, "format"))).intValue();
    }

    /** Every commit: stage, run, time (as text, as stored), oldest first. */
    private static List<List<Object>> commits(TestDatabase db) {
        return db.rows("SELECT stage, run_id, CAST(committed_at AS VARCHAR) FROM " + meta(db, "stage_commits")
                + " ORDER BY committed_at, stage");
    }

    /**
     * The published cache entries by their outputs (the physical tables they name): a task that ran again would
     * have written new ones. (The key a lazy task's entry stores is written anew by each run that finds it valid.)
     */
    private static List<List<Object>> publishedEntries(TestDatabase db) {
        return db.rows("SELECT stage, task, ordinal, outputs FROM " + meta(db, "cache_entries")
                + " WHERE state = 'published' ORDER BY stage, task, ordinal");
    }
}
