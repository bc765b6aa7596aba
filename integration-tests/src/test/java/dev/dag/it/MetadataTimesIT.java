package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.internal.store.dialect.MetadataSql;
import dev.dag.it.support.OldFormats;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.TimeZone;

/**
 * On each database, the metadata's times are UTC (so that JVMs in any zone share an instance), and a store an
 * earlier dag wrote in a JVM's wall-clock time is moved to UTC by the next run.
 */
class MetadataTimesIT {
    @Materialize(version = "1")
    static Table numbers() {
        return Table.of("SELECT 1 AS n").name("numbers");
    }

    private static Flow flow() {
        Flow flow = new Flow("times");
        try (flow) {
            try (Stage stage = new Stage("raw")) {
                numbers();
            }
        }
        return flow;
    }

    /** Runs the flow with {@code zone} as the JVM's zone. */
    private static void runInZone(TestDatabase db, String zone) {
        TimeZone machine = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        try {
            db.run(flow());
        } finally {
            TimeZone.setDefault(machine);
        }
    }

    private static String times(TestDatabase db, String table) {
        return db.table(db.config().metadataSchema(), table);
    }

    /** The times of {@code column} in {@code table} as stored (text, parsed: no driver conversion), ascending. */
    private static List<LocalDateTime> stored(TestDatabase db, String table, String column) {
        return db.rows("SELECT CAST(" + column + " AS VARCHAR) FROM " + times(db, table) + " ORDER BY " + column)
                .stream().map(row -> LocalDateTime.parse(((String) row.get(0)).replace(' ', 'T'))).toList();
    }

    @OnEachDatabase
    void aRunStoresItsTimesAtUtcWhateverTheJvmsZone(TestDatabase db) {
        runInZone(db, "America/New_York");

        LocalDateTime started = stored(db, "runs", "started_at").get(0);
        LocalDateTime utcNow = LocalDateTime.now(ZoneOffset.UTC);
        assertTrue(Duration.between(started, utcNow).abs().toMinutes() < 10,
                "the run started at " + started + " (stored), now is " + utcNow + " at UTC");
    }

    @OnEachDatabase
    void theNextRunMovesTheTimesAnEarlierDagStoredInTheJvmsZoneToUtc(TestDatabase db) {
        db.run(flow());
        OldFormats.downgrade(db, 2);
        db.execute("UPDATE " + times(db, "runs") + " SET started_at = CAST('2026-07-01 12:00:00' AS TIMESTAMP)",
                "UPDATE " + times(db, "stage_commits")
                        + " SET committed_at = CAST('2026-10-25 02:30:00' AS TIMESTAMP)");
        runInZone(db, "Europe/Berlin");

        assertEquals(List.of(List.of(MetadataSql.FORMAT_VERSION)), db.rows("SELECT version FROM "
                + times(db, "format")));
        assertEquals(LocalDateTime.parse("2026-10-25T00:30:00"), stored(db, "stage_commits", "committed_at").get(0),
                "02:30 of the hour Berlin repeats, taken for its first instant");
        assertEquals(LocalDateTime.parse("2026-07-01T10:00:00"), stored(db, "runs", "started_at").get(0),
                "summer time, UTC+2");
    }
}
