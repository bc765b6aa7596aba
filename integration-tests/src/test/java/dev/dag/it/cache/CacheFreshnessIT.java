package dev.dag.it.cache;

import static dev.dag.CacheValidationMode.ASSERT_NO_FRESH_INPUT;
import static dev.dag.CacheValidationMode.FORCE_CACHE_INVALID;
import static dev.dag.CacheValidationMode.FORCE_FRESH_INPUT;
import static dev.dag.CacheValidationMode.IGNORE_FRESH_INPUT;
import static dev.dag.CacheValidationMode.NORMAL;
import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.FAILED;
import static dev.dag.TaskOutcome.LAZY_CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.failingRun;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.CacheValidationMode;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Freshness;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A source task with a fingerprint ({@link Freshness}) under each cache validation mode. The "outside
 * data" is a static list the source body reads; the fingerprint is a static value standing for its mtime.
 */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheFreshnessIT {
    record Reading(String sensor, int value) {}

    static volatile List<Reading> outside;
    static volatile long stamp;
    /** The table outside dag that {@link #outsideCopy()} reads (in the test's schema "outside_src"). */
    static volatile String outsideReadings;

    /** The fingerprint of the outside data: {@link #stamp}. */
    static final class Stamp implements Freshness {
        @Override
        public Object fingerprint(Object... args) {
            return stamp;
        }
    }

    @BeforeEach
    void resetSource() {
        outside = List.of(new Reading("s1", 10), new Reading("s2", 20));
        stamp = 1;
    }

    private void changeSource() {
        outside = List.of(new Reading("s1", 11), new Reading("s2", 21), new Reading("s3", 31));
        stamp = 2;
    }

    @Materialize(version = "1", freshness = Stamp.class)
    static Table readings() {
        Bodies.ran("readings");
        return Table.of(outside).name("readings");
    }

    @Materialize(version = "1")
    static Table sensors() {
        Bodies.ran("sensors");
        return Table.of("SELECT * FROM (VALUES ('s1', 'north'), ('s2', 'south'), ('s3', 'east')) AS t(sensor, site)")
                .name("sensors");
    }

    @Materialize(version = "1")
    static Table bySite(Table readings, Table sensors) {
        Bodies.ran("bySite");
        return Table.of("SELECT s.site, sum(r.value)::INTEGER AS total FROM " + readings.ref() + " r JOIN "
                + sensors.ref() + " s USING (sensor) GROUP BY s.site").name("by_site");
    }

    @Materialize(lazy = true)
    static Table highReadings(Table readings) {
        Bodies.ran("highReadings");
        return Table.of("SELECT sensor, value FROM " + readings.ref() + " WHERE value > 15").name("high");
    }

    /** A lazy source: its SQL reads a table outside dag, so only the fingerprint can tell it changed. */
    @Materialize(lazy = true, freshness = Stamp.class)
    static Table outsideCopy() {
        Bodies.ran("outsideCopy");
        return Table.of("SELECT sensor, value FROM " + outsideReadings).name("outside_copy");
    }

    private static Flow flow() {
        Flow flow = new Flow("sensors");
        try (flow) {
            Table readings;
            Table sensors;
            try (Stage raw = new Stage("raw")) {
                readings = readings();
                sensors = sensors();
            }
            try (Stage clean = new Stage("clean")) {
                bySite(readings, sensors);
                highReadings(readings);
            }
        }
        return flow;
    }

    private static Result runIn(TestDatabase db, Flow flow, CacheValidationMode mode) {
        return db.run(flow, options -> options.withCacheValidation(mode));
    }

    private static Map<String, String> views(TestDatabase db) {
        Map<String, String> views = new TreeMap<>();
        for (String table : List.of("readings", "sensors")) {
            views.put(table, db.viewSql("raw", table));
        }
        for (String table : List.of("by_site", "high")) {
            views.put(table, db.viewSql("clean", table));
        }
        return views;
    }

    private static void assertOldData(TestDatabase db) {
        assertRows(List.of(List.of("s1", 10), List.of("s2", 20)), db.published("raw", "readings"));
        assertRows(List.of(List.of("north", 10), List.of("south", 20)), db.published("clean", "by_site"));
        assertRows(List.of(List.of("s2", 20)), db.published("clean", "high"));
    }

    private static void assertNewData(TestDatabase db) {
        assertRows(List.of(List.of("s1", 11), List.of("s2", 21), List.of("s3", 31)), db.published("raw", "readings"),
                "raw.readings");
        assertRows(List.of(List.of("east", 31), List.of("north", 11), List.of("south", 21)),
                db.published("clean", "by_site"), "clean.by_site (from raw.readings)");
        assertRows(List.of(List.of("s2", 21), List.of("s3", 31)), db.published("clean", "high"),
                "clean.high (from raw.readings)");
    }

    @OnEachDatabase
    void unchangedFingerprintKeepsTheSourceCached(TestDatabase db) {
        Flow flow = flow();
        firstRun(db, flow);

        Result second = runIn(db, flow, NORMAL);

        assertExecuted("highReadings");
        assertOutcome(second, "readings", CACHE_VALID, "cache-valid");
        assertOutcome(second, "bySite", CACHE_VALID, "cache-valid");
        assertOutcome(second, "highReadings", LAZY_CACHE_VALID, "none rebuilt");
    }

    @OnEachDatabase
    void changedFingerprintRerunsTheSourceAndItsConsumers(TestDatabase db) {
        Flow flow = flow();
        firstRun(db, flow);
        Map<String, String> before = views(db);
        changeSource();

        Result second = runIn(db, flow, NORMAL);

        assertExecuted("readings", "bySite", "highReadings");
        assertOutcome(second, "readings", RAN, "fresh input (fingerprint 1 → 2)");
        assertOutcome(second, "sensors", CACHE_VALID, "cache-valid");
        assertOutcome(second, "bySite", RAN, "input 'readings' changed");
        assertOutcome(second, "highReadings", RAN, "SQL changed");
        assertEquals(before.get("sensors"), db.viewSql("raw", "sensors"));
        assertNewData(db);
    }

    @OnEachDatabase
    void ignoreFreshInputKeepsTheCacheDespiteAChangedFingerprint(TestDatabase db) {
        Flow flow = flow();
        firstRun(db, flow);
        Map<String, String> before = views(db);
        changeSource();

        Result ignoring = runIn(db, flow, IGNORE_FRESH_INPUT);

        assertExecuted("highReadings");
        assertOutcome(ignoring, "readings", CACHE_VALID, "cache-valid");
        assertOutcome(ignoring, "bySite", CACHE_VALID, "cache-valid");
        assertOutcome(ignoring, "highReadings", LAZY_CACHE_VALID, "none rebuilt");
        assertEquals(before, views(db));
        assertOldData(db);

        Result normal = runIn(db, flow, NORMAL);
        assertExecuted("readings", "bySite", "highReadings");
        assertOutcome(normal, "readings", RAN, "fresh input (fingerprint 1 → 2)");
        assertNewData(db);
    }

    @OnEachDatabase
    void forceFreshInputRerunsTheTasksWithAFingerprintAndTheirConsumers(TestDatabase db) {
        Flow flow = flow();
        firstRun(db, flow);

        Result forced = runIn(db, flow, FORCE_FRESH_INPUT);

        // the reloaded source may hold new data under the same fingerprint: its consumers rerun, the rest not
        assertExecuted("readings", "highReadings", "bySite");
        assertOutcome(forced, "readings", RAN, "forced (FORCE_FRESH_INPUT)");
        assertOutcome(forced, "sensors", CACHE_VALID, "cache-valid");
        assertOutcome(forced, "bySite", RAN, "input");
        assertOutcome(forced, "highReadings", RAN, "SQL changed");
        assertOldData(db);
    }

    /**
     * FORCE_FRESH_INPUT exists for when the fingerprint cannot be trusted: the source reloads although
     * its fingerprint is the same. Whatever it loads, the consumers must not keep tables computed from the
     * data it replaced.
     */
    @OnEachDatabase
    void forceFreshInputWithNewDataUnderAnUnchangedFingerprintReachesTheConsumers(TestDatabase db) {
        Flow flow = flow();
        firstRun(db, flow);
        changeSource();
        stamp = 1;

        Result forced = runIn(db, flow, FORCE_FRESH_INPUT);

        assertNewData(db); // first: a failure here shows the stale rows
        assertExecuted("readings", "bySite", "highReadings");
        assertOutcome(forced, "readings", RAN, "forced (FORCE_FRESH_INPUT)");
        assertOutcome(forced, "bySite", RAN, "input 'readings' changed");
    }

    @OnEachDatabase
    void forceCacheInvalidRerunsEverythingAndRebuildsLazyTables(TestDatabase db) {
        Flow flow = flow();
        firstRun(db, flow);
        Map<String, String> before = views(db);

        Result forced = runIn(db, flow, FORCE_CACHE_INVALID);

        assertExecuted("readings", "sensors", "bySite", "highReadings");
        forced.tasks().forEach(task -> assertOutcome(task, RAN, "forced (FORCE_CACHE_INVALID)"));
        Map<String, String> after = views(db);
        before.forEach((table, view) -> assertNotEquals(view, after.get(table), table + " was rebuilt"));
        assertOldData(db);

        Result normal = runIn(db, flow, NORMAL);
        assertExecuted("highReadings");
        assertOutcome(normal, "readings", CACHE_VALID, "cache-valid");
        assertOutcome(normal, "highReadings", LAZY_CACHE_VALID, "none rebuilt");
        assertEquals(after, views(db));
    }

    @OnEachDatabase
    void assertNoFreshInputPassesWhenNoFingerprintChanged(TestDatabase db) {
        Flow flow = flow();
        Result first = runIn(db, flow, ASSERT_NO_FRESH_INPUT);
        assertTrue(first.successful(), "a first run has no fresh input to complain about");
        Bodies.take();

        Result second = runIn(db, flow, ASSERT_NO_FRESH_INPUT);

        assertTrue(second.successful());
        assertExecuted("highReadings");
        assertOutcome(second, "readings", CACHE_VALID, "cache-valid");
        assertOutcome(second, "bySite", CACHE_VALID, "cache-valid");
        assertOldData(db);
    }

    @OnEachDatabase
    void assertNoFreshInputFailsNamingTheTaskWhenAFingerprintChanged(TestDatabase db) {
        Flow flow = flow();
        firstRun(db, flow);
        Map<String, String> before = views(db);
        changeSource();

        DagException failure = failingRun(db, flow, options -> options.withCacheValidation(ASSERT_NO_FRESH_INPUT));

        assertExecuted();
        assertTrue(failure.getMessage().contains("ASSERT_NO_FRESH_INPUT"), failure.getMessage());
        assertTrue(failure.getMessage().contains("'readings'"), failure.getMessage());
        assertEquals("readings", failure.task().orElseThrow());
        Result result = failure.result().orElseThrow();
        assertOutcome(result, "readings", FAILED, "ASSERT_NO_FRESH_INPUT");
        assertEquals(before, views(db), "nothing was committed");
        assertOldData(db);

        Result normal = runIn(db, flow, NORMAL);
        assertExecuted("readings", "bySite", "highReadings");
        assertOutcome(normal, "readings", RAN, "fresh input (fingerprint 1 → 2)");
        assertNewData(db);
    }

    /** A lazy task's tables are keyed by their SQL; a changed fingerprint must still rebuild them. */
    @OnEachDatabase
    void lazySourceWithAChangedFingerprintRebuildsItsTable(TestDatabase db) {
        outsideReadings = db.table("outside_src", "readings");
        db.execute("CREATE SCHEMA \"" + db.schema("outside_src") + "\"",
                "CREATE TABLE " + outsideReadings + " AS SELECT * FROM (VALUES ('s1', 10)) AS t(sensor, value)");
        Flow flow = new Flow("lazy-source");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                outsideCopy();
            }
        }
        firstRun(db, flow);

        Result unchanged = db.run(flow);
        assertExecuted("outsideCopy");
        assertOutcome(unchanged, "outsideCopy", LAZY_CACHE_VALID, "none rebuilt");

        db.execute("INSERT INTO " + outsideReadings + " VALUES ('s2', 20)");
        stamp = 2;
        Result changed = db.run(flow);

        assertRows(List.of(List.of("s1", 10), List.of("s2", 20)), db.published("raw", "outside_copy"),
                "the published copy must hold the new outside rows");
        assertExecuted("outsideCopy");
        assertOutcome(changed, "outsideCopy", RAN, "fresh input (fingerprint 1 → 2)");
    }
}
