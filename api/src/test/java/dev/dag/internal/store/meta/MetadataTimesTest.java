package dev.dag.internal.store.meta;

import static dev.dag.testing.DuckDbFiles.execute;
import static dev.dag.testing.DuckDbFiles.open;
import static dev.dag.testing.DuckDbFiles.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.store.Database;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.dialect.MetadataSql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metadata's times are instants: the same whatever the zone of the JVM that wrote or reads them, two instants
 * an hour apart stay apart in the hour a zone repeats, and a store of an earlier format (which kept the writing
 * JVM's wall-clock time) is moved to UTC once.
 */
class MetadataTimesTest {
    private static final TimeZone MACHINE_ZONE = TimeZone.getDefault();
    private static final TimeZone BERLIN = TimeZone.getTimeZone("Europe/Berlin");

    @TempDir
    Path dir;

    @AfterEach
    void restoreTheMachinesZone() {
        TimeZone.setDefault(MACHINE_ZONE);
    }

    private static Metadata openStore(Database database) throws SQLException {
        return Metadata.open(database, new RunCatalog(database, List.of()));
    }

    private static void commit(Metadata store, String runId, String flow, String stage, Instant at)
            throws SQLException {
        store.runs().started(runId, flow);
        store.runs().ended(runId, RunStatus.SUCCEEDED, List.of(), List.of(new RunLog.StageCommit(stage, at)), null,
                java.util.Optional.empty());
    }

    @Test
    void aTimeWrittenInOneZoneReadsBackAsTheSameInstantInAnother() throws SQLException {
        Instant committed = Instant.parse("2026-07-01T10:00:00.123456Z");
        TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
        Instant before = Instant.now();
        try (Database database = open(dir)) {
            commit(openStore(database), "r1", "nightly", "raw", committed);
        }
        Instant after = Instant.now();

        TimeZone.setDefault(BERLIN);
        try (Database database = open(dir)) {
            RunHistory history = openStore(database).history();

            assertEquals(List.of(new RunHistory.Commit("raw", "r1", committed)), history.commits());
            Instant started = history.runs("r1", 1).get(0).startedAt();
            assertTrue(!started.isBefore(before.minusMillis(1)) && !started.isAfter(after),
                    "the run started at " + started + ", between " + before + " and " + after);
        }
    }

    @Test
    void ofTwoCommitsInTheHourAZoneRepeatsTheLaterIsTheLast() throws SQLException {
        TimeZone.setDefault(BERLIN);
        // 02:50 summer time, then 02:10 winter time: the second is 20 minutes later, at an earlier wall clock
        Instant first = Instant.parse("2026-10-25T00:50:00Z");
        Instant second = Instant.parse("2026-10-25T01:10:00Z");
        try (Database database = open(dir)) {
            Metadata store = openStore(database);
            commit(store, "r1", "hourly", "raw", first);
            commit(store, "r2", "backfill", "raw", second);

            assertEquals(List.of(new RunHistory.Commit("raw", "r2", second), new RunHistory.Commit("raw", "r1", first)),
                    store.history().commits(), "newest first");
        }
    }

    @Test
    void aStoreOfFormat2HasItsWallClockTimesMovedToUtcOnce() throws SQLException {
        TimeZone.setDefault(BERLIN);
        try (Database database = open(dir); Connection connection = database.connection()) {
            openStore(database);
            for (String statement : OldFormats.downgrade("dag_meta", 2)) {
                execute(connection, statement);
            }
            // format 2 kept the writing JVM's wall-clock time: summer, winter, and the hour repeated in October
            execute(connection, "INSERT INTO dag_meta.runs VALUES ('r1', 'f', '2026-07-01 12:00:00', NULL, "
                    + "'succeeded'), ('r2', 'f', '2026-01-15 12:00:00.5', '2026-01-15 12:30:00', 'succeeded')");
            execute(connection, "INSERT INTO dag_meta.stage_commits VALUES ('raw', 'r1', '2026-07-01 12:01:00'), "
                    + "('raw', 'r2', '2026-10-25 02:30:00')");
            execute(connection, "INSERT INTO dag_meta.task_runs VALUES ('r2', 'raw', 't', 'RAN', NULL, 1, 1, "
                    + "'2026-03-29 03:30:00')");
        }

        for (int open = 1; open <= 2; open++) { // the second open finds this format and moves nothing again
            try (Database database = open(dir); Connection connection = database.connection()) {
                RunHistory history = openStore(database).history();

                assertEquals(List.of(List.of(MetadataSql.FORMAT_VERSION)),
                        rows(connection, "SELECT version FROM dag_meta.format"));
                assertEquals(Instant.parse("2026-07-01T10:00:00Z"), history.runs("r1", 1).get(0).startedAt());
                RunHistory.PastRun winter = history.runs("r2", 1).get(0);
                assertEquals(Instant.parse("2026-01-15T11:00:00.5Z"), winter.startedAt());
                assertEquals(Instant.parse("2026-01-15T11:30:00Z"), winter.finishedAt());
                assertEquals(List.of(new RunHistory.Commit("raw", "r2", Instant.parse("2026-10-25T00:30:00Z")),
                        new RunHistory.Commit("raw", "r1", Instant.parse("2026-07-01T10:01:00Z"))),
                        history.commits(), "02:30 of the repeated hour is taken for the first of its instants");
                assertEquals(Instant.parse("2026-03-29T01:30:00Z"),
                        history.runsOf("raw", "t", 1).get(0).finishedAt(), "the first hour of summer time");
            }
        }
    }
}
