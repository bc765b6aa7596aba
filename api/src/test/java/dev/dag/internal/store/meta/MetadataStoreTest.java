package dev.dag.internal.store.meta;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.cache.TaskKey;
import static dev.dag.testing.DuckDbFiles.execute;
import static dev.dag.testing.DuckDbFiles.open;
import static dev.dag.testing.DuckDbFiles.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigException;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.dialect.MetadataSql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

class MetadataStoreTest {
    private static final String FORMAT = "SELECT version FROM dag_meta.format";
    private static final TimeZone MACHINE_ZONE = TimeZone.getDefault();

    @TempDir
    Path dir;

    private static Metadata openStore(Database database) throws SQLException {
        return Metadata.open(database, new RunCatalog(database, List.of()));
    }

    @Test
    void firstOpenCreatesTheTablesAndRecordsTheFormatVersionOnce() throws SQLException {
        try (Database database = open(dir)) {
            openStore(database);
            openStore(database);

            try (Connection connection = database.connection()) {
                assertEquals(List.of(List.of(MetadataSql.FORMAT_VERSION)), rows(connection, FORMAT));
            }
        }
    }

    @Test
    void storeWrittenInAnotherFormatIsRefusedWithAResetHint() throws SQLException {
        try (Database database = open(dir)) {
            openStore(database);
            try (Connection connection = database.connection()) {
                execute(connection, "UPDATE dag_meta.format SET version = " + (MetadataSql.FORMAT_VERSION + 1));
            }
        }

        try (Database reopened = open(dir)) {
            ConfigException error = assertThrows(ConfigException.class, () -> openStore(reopened));

            assertTrue(error.getMessage().contains("reset"), error.getMessage());
            assertTrue(error.getMessage().contains("dag_meta"), error.getMessage());
            assertTrue(error.getMessage().contains("version " + (MetadataSql.FORMAT_VERSION + 1)), error.getMessage());
            try (Connection connection = reopened.connection()) {
                assertEquals(List.of(List.of(MetadataSql.FORMAT_VERSION + 1)), rows(connection, FORMAT),
                        "the refused store is left as it was");
            }
        }
    }

    private static final List<RunLog.TaskRun> TASK_RUNS = List.of(
            new RunLog.TaskRun("raw", "load", "RAN", "code changed \"load\"", 12, 1_000_000),
            new RunLog.TaskRun("raw", "clean", "CACHE_VALID", null, 0, 0));

    @ParameterizedTest(name = "format {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void storeOfAnEarlierFormatIsUpgradedKeepingItsRows(int format) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone("UTC")); // formats 1 and 2 stored the zone's time: none moves
        CacheEntry load = entry("load", 0, "k-load");
        CacheEntry clean = entry("clean", 0, "k-clean");
        Instant committed = Instant.parse("2026-07-01T10:00:00Z");
        try (Database database = open(dir)) {
            Metadata store = openStore(database);
            try (Connection connection = database.connection()) {
                store.runs().started("r1", "f");
                store.objects().registerStaged(connection, table("raw__t__r1", "t", 1), "r1");
                store.publish(connection, "raw", "r1", written(List.of(load, clean)), Set.of());
                store.runs().ended("r1", RunStatus.SUCCEEDED, TASK_RUNS, List.of(new RunLog.StageCommit("raw",
                        committed)), "{\"report\":1}", Optional.empty());
                store.objects().registerStaged(connection, table("raw__t__r2", "t", 1), "r2");
                store.entries().setAside(connection, "raw", "r2", List.of(entry("load", 0, "k-load-2")));
                for (String statement : OldFormats.downgrade("dag_meta", format)) {
                    execute(connection, statement);
                }
            }
        } finally {
            TimeZone.setDefault(MACHINE_ZONE);
        }

        try (Database reopened = open(dir); Connection connection = reopened.connection()) {
            Metadata store = openStore(reopened);

            assertEquals(List.of(List.of(MetadataSql.FORMAT_VERSION)), rows(connection, FORMAT));
            assertEquals(List.of("raw__t__r1"), physicalNames(published(store, connection)));
            assertEquals(List.of("raw__t__r2"), physicalNames(leftovers(store, connection)));
            assertEquals(Set.of(), leftovers(store, connection).get(0).retiredWhile());
            CacheEntries.StageEntries entries = store.stageRecords(connection, List.of("raw")).get("raw").entries();
            assertEquals(List.of("clean=k-clean", "load=k-load"), entries.published().stream()
                    .map(entry -> entry.task() + "=" + entry.key().key()).sorted().toList());
            assertEquals(List.of("r2:load=k-load-2"), entries.staged().stream()
                    .map(staged -> staged.runId() + ":" + staged.entry().task() + "=" + staged.entry().key().key())
                    .toList());
            assertEquals(committed, store.history().commits().get(1).committedAt(), "the unchanged commit, the older");
            assertEquals(2, store.history().commits().size(), "the publish and the run's end, both kept");
            assertEquals(format == 1 ? null : "{\"report\":1}", store.runs().report("r1"));
            assertEquals(Set.copyOf(TASK_RUNS), Set.copyOf(store.history().taskRuns("r1")),
                    "the run's task outcomes, moved into its record");
        }
    }

    @Test
    void publishingMakesTheRunsStagedObjectsTheStagesVersionAndRetiresTheOldOnes() throws SQLException {
        try (Database database = open(dir); Connection connection = database.connection()) {
            Metadata store = openStore(database);
            store.objects().registerStaged(connection, table("raw__t__r1", "t", 3), "r1");
            store.publish(connection, "raw", "r1", NOTHING_ELSE, Set.of());
            store.objects().registerStaged(connection, table("raw__t__r2", "t", 42), "r2");

            assertEquals(List.of("raw__t__r1"), physicalNames(published(store, connection)));
            assertEquals(List.of("raw__t__r2"), physicalNames(leftovers(store, connection)));

            store.publish(connection, "raw", "r2", retiring(List.of("raw__t__r1")), Set.of("r7", "r3"));

            List<ObjectRegistry.StoredObject> published = published(store, connection);
            assertEquals(List.of("raw__t__r2"), physicalNames(published));
            assertEquals(42, published.get(0).rows());
            List<ObjectRegistry.StoredObject> retired = leftovers(store, connection);
            assertEquals(List.of("raw__t__r1"), physicalNames(retired), "the replaced version is retired, to be dropped");
            assertEquals(Set.of("r3", "r7"), retired.get(0).retiredWhile(), "once the runs live then ended");
        }
    }

    @Test
    void aKeptObjectStaysPublishedInTheNextVersion() throws SQLException {
        try (Database database = open(dir); Connection connection = database.connection()) {
            Metadata store = openStore(database);
            store.objects().registerStaged(connection, table("raw__a__r1", "a", 1), "r1");
            store.objects().registerStaged(connection, table("raw__b__r1", "b", 1), "r1");
            store.publish(connection, "raw", "r1", NOTHING_ELSE, Set.of());
            store.objects().registerStaged(connection, table("raw__b__r2", "b", 1), "r2");

            store.publish(connection, "raw", "r2", retiring(List.of("raw__b__r1")), Set.of());

            assertEquals(List.of("raw__a__r1", "raw__b__r2"),
                    physicalNames(published(store, connection)).stream().sorted().toList());
            assertEquals(List.of("raw__b__r1"), physicalNames(leftovers(store, connection)));
        }
    }

    @Test
    void objectsAnotherRunStagedAndThisOneTakesOverArePublished() throws SQLException {
        try (Database database = open(dir); Connection connection = database.connection()) {
            Metadata store = openStore(database);
            store.objects().registerStaged(connection, table("raw__a__r0", "a", 1), "r0");
            store.objects().registerStaged(connection, table("raw__b__r1", "b", 1), "r1");

            store.publish(connection, "raw", "r1", new Metadata.VersionChange(List.of(), List.of(),
                    List.of("raw__a__r0"), List.of()), Set.of());

            assertEquals(List.of("raw__a__r0", "raw__b__r1"),
                    physicalNames(published(store, connection)).stream().sorted().toList());
            assertEquals(List.of(), leftovers(store, connection));
        }
    }

    @Test
    void aPublishedVersionHoldsEveryEntryOfTheStageInPlaceOfThePreviousOne() throws SQLException {
        try (Database database = open(dir); Connection connection = database.connection()) {
            Metadata store = openStore(database);
            CacheEntry load = entry("load", 0, "k-load");
            CacheEntry clean = entry("clean", 0, "k-clean");
            CacheEntry extra = entry("extra", 0, "k-extra");
            store.publish(connection, "raw", "r1", written(List.of(load, clean, extra)), Set.of());

            CacheEntry newClean = entry("clean", 0, "k-clean-2");
            store.publish(connection, "raw", "r2", written(List.of(load, newClean)), Set.of());

            assertEquals(List.of("clean=k-clean-2", "load=k-load"), store.entries().published(connection, "raw").stream()
                    .map(entry -> entry.task() + "=" + entry.key().key()).sorted().toList());
        }
    }

    /**
     * Which flow published a stage: the stage's records name the publishing run, and the flow of a run another
     * process recorded (not one this process started) is read from the store.
     */
    @Test
    void theFlowThatPublishedAStageIsFoundForARunOfAnotherProcess() throws SQLException {
        try (Database database = open(dir); Connection connection = database.connection()) {
            Metadata store = openStore(database);
            execute(connection, "INSERT INTO dag_meta.runs (run_id, flow, started_at, status) VALUES "
                    + "('elsewhere-1', 'nightly', TIMESTAMP '2026-12-01 02:00:00', 'succeeded')");
            store.publish(connection, "raw", "elsewhere-1", written(List.of(entry("load", 0, "k-load"))), Set.of());

            String publishedBy = store.stageRecords(connection, List.of("raw")).get("raw").entries().publishedBy();

            assertEquals("elsewhere-1", publishedBy);
            assertEquals("nightly", store.runs().flowOf(connection, publishedBy));
            assertEquals(null, store.runs().flowOf(connection, "never-ran"));
        }
    }

    /** Many rows, each kind written with one statement: none is lost or doubled. */
    @Test
    void manyRetiredObjectsEntriesAndTaskRunsAreAllWritten() throws SQLException {
        int many = 1207;
        try (Database database = open(dir); Connection connection = database.connection()) {
            Metadata store = openStore(database);
            List<String> first = new ArrayList<>();
            List<String> second = new ArrayList<>();
            List<CacheEntry> entries = new ArrayList<>();
            List<CacheEntry> changed = new ArrayList<>();
            List<RunLog.TaskRun> runs = new ArrayList<>();
            connection.setAutoCommit(false);
            for (int i = 0; i < many; i++) {
                store.objects().registerStaged(connection, table("raw__t" + i + "__r1", "t" + i, i), "r1");
                first.add("raw__t" + i + "__r1");
                entries.add(entry("load", i, "k" + i));
                changed.add(entry("load", i, "k" + i + "-2"));
                runs.add(new RunLog.TaskRun("raw", "load", "RAN", "because " + i, i, i));
            }
            store.publish(connection, "raw", "r1", written(entries), Set.of());
            for (int i = 0; i < many; i++) {
                store.objects().registerStaged(connection, table("raw__t" + i + "__r2", "t" + i, i), "r2");
                second.add("raw__t" + i + "__r2");
            }
            store.publish(connection, "raw", "r2", new Metadata.VersionChange(first, List.of(), List.of(),
                    changed), Set.of());
            connection.commit();
            store.runs().started("r2", "f");
            store.runs().ended("r2", RunStatus.SUCCEEDED, runs, List.of(new RunLog.StageCommit("raw",
                    java.time.Instant.now())), "{}", java.util.Optional.empty());

            assertEquals(second.stream().sorted().toList(),
                    physicalNames(published(store, connection)).stream().sorted().toList());
            assertEquals(first.stream().sorted().toList(),
                    physicalNames(leftovers(store, connection)).stream().sorted().toList());
            assertEquals(changed.stream().map(entry -> entry.key().key()).sorted().toList(),
                    store.entries().published(connection, "raw").stream().map(entry -> entry.key().key()).sorted()
                            .toList());
            assertEquals(List.of(List.of((long) many, (long) many - 1)),
                    rows(connection, "SELECT count(*), max(millis) FROM dag_meta.task_runs WHERE run_id = 'r2'"));
            assertEquals(List.of(List.of(3L)), rows(connection, "SELECT count(*) FROM dag_meta.stage_commits"),
                    "each publish, and the unchanged stage recorded with the run's end");
            assertEquals(List.of(List.of("{}")), rows(connection, "SELECT report FROM dag_meta.runs WHERE report IS NOT NULL"));
        }
    }

    private static final Metadata.VersionChange NOTHING_ELSE = written(List.of());

    private static Metadata.VersionChange written(List<CacheEntry> entries) {
        return new Metadata.VersionChange(List.of(), List.of(), List.of(), entries);
    }

    private static Metadata.VersionChange retiring(List<String> physicalNames) {
        return new Metadata.VersionChange(physicalNames, List.of(), List.of(), List.of());
    }

    private static CacheEntry entry(String task, int ordinal, String key) {
        return new CacheEntry(task, ordinal, TaskKey.fromParts(key, task, "raw", PARTS), List.of());
    }

    private static final String PARTS = "{\"arguments\":{},\"freshness\":\"\",\"receiver\":\"\",\"version\":\"1\"}";

    private static ObjectRegistry.NewObject table(String physical, String name, long rows) {
        return new ObjectRegistry.NewObject(physical, "raw", name, ObjectKind.TABLE, "load", "key-" + physical, null,
                null, null, rows);
    }

    private static List<ObjectRegistry.StoredObject> published(Metadata store, Connection connection)
            throws SQLException {
        return store.objects().of(connection, "raw").stream()
                .filter(object -> object.state() == ObjectState.PUBLISHED).toList();
    }

    /** Objects a later run drops: staged by a run that never published them, or retired. */
    private static List<ObjectRegistry.StoredObject> leftovers(Metadata store, Connection connection)
            throws SQLException {
        return store.objects().of(connection, "raw").stream()
                .filter(object -> object.state() != ObjectState.PUBLISHED).toList();
    }

    private static List<String> physicalNames(List<ObjectRegistry.StoredObject> objects) {
        return objects.stream().map(ObjectRegistry.StoredObject::physicalName).toList();
    }
}
