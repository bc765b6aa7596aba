package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.Flows;
import dev.dag.it.support.TestDatabase;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Databases;
import dev.dag.internal.store.dialect.lock.LockProbe;
import dev.dag.internal.store.dialect.lock.StageLock;
import dev.dag.internal.store.meta.Metadata;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On PostgreSQL a run trusts the records it read ahead for a stage only if the digest of the stage's records, read
 * again under the stage's lock, is the same: the digest must change with any committed write of a row a run reads of
 * the stage (an object in any state, a published or a staged version), not only with a publish, and with nothing
 * else.
 */
@Tag("reliability")
class StageDigestIT {
    @Materialize(version = "1")
    static Table digested() {
        return Table.of("SELECT 1 AS n").name("digested");
    }

    @Test
    void theDigestOfAStageChangesWithAnyOfItsRecordsAndOnlyWithThem() throws SQLException {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "digest")) {
            assertTrue(db.run(Flows.oneStage("digest", "digest_raw", StageDigestIT::digested)).successful());
            Metadata metadata = Metadata.openForReading(Databases.of(db.config()));
            LockProbe probe = metadata.stageDigestProbe("digest_raw").orElseThrow();
            String objects = db.table(db.config().metadataSchema(), "objects");
            String versions = db.table(db.config().metadataSchema(), "versions");
            String published = digest(db, probe);
            assertEquals(published, digest(db, probe), "nothing written: the same digest");

            db.execute("INSERT INTO " + objects + " (physical_name, stage, name, kind, task, run_id, state, row_count, "
                    + "cache_key, query) VALUES ('left_over', 'digest_raw', 'left', 'table', 'dead', 'r-dead', "
                    + "'staged', 0, 'k', 'SELECT 2')");
            String withLeftover = digest(db, probe);
            db.execute("DELETE FROM " + objects + " WHERE physical_name = 'left_over'");
            assertEquals(published, digest(db, probe), "the left-over gone: the rows read before");

            db.execute("UPDATE " + objects + " SET row_count = row_count + 1 WHERE stage = 'digest_raw'");
            String recounted = digest(db, probe);
            db.execute("UPDATE " + objects + " SET row_count = row_count - 1 WHERE stage = 'digest_raw'");
            String countedBack = digest(db, probe);
            db.execute("INSERT INTO " + versions + " (stage, run_id, state, entries) VALUES ('digest_raw', "
                    + "'r-dead', 'staged', '[]')");
            String withStagedVersion = digest(db, probe);
            db.execute("DELETE FROM " + versions + " WHERE run_id = 'r-dead'");
            String beforeUnchanged = digest(db, probe);
            db.execute("INSERT INTO " + versions + " (stage, run_id, state) VALUES ('digest_raw', 'r-later', "
                    + "'unchanged')");

            assertNotEquals(published, withLeftover, "a staged object of a dead run");
            assertNotEquals(published, recounted, "a changed column of a published object");
            assertNotEquals(published, withStagedVersion, "a version written but not published");
            assertNotEquals(recounted, countedBack, "the same values written again: a write all the same");
            assertNotEquals(published, countedBack, "the same values written again: a write all the same");
            assertEquals(beforeUnchanged, digest(db, probe), "a commit of an unchanged stage changes nothing a run reads");
        }
    }

    /**
     * The lock statement and the probe go in one batch, which PostgreSQL runs as one implicit transaction: under a
     * server default of repeatable read or serializable the probe would read with a snapshot taken before the lock,
     * and could miss a publish the last holder committed just before it let go. dag's lock sessions read committed.
     */
    @Test
    void theProbeReadsCommittedWhateverTheServersDefaultIsolation() throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "isolation")) {
            ConfigContext base = db.config();
            String url = base.url() + (base.url().contains("?") ? "&" : "?")
                    + "options=-c%20default_transaction_isolation%3Dserializable";
            try (ConfigContext serializable = ConfigContext.builder().instance("serializable").url(url)
                    .user(base.user()).password(base.password()).schemaPrefix(base.schemaPrefix()).build()) {
                Database database = Databases.of(serializable);
                try (Connection plain = DriverManager.getConnection(url, base.user(), base.password());
                     Statement statement = plain.createStatement();
                     ResultSet rows = statement.executeQuery("SHOW default_transaction_isolation")) {
                    rows.next();
                    assertEquals("serializable", rows.getString(1), "the server's default for this URL");
                }
                LockProbe isolation = new LockProbe("SELECT current_setting('transaction_isolation')", List.of());
                try (StageLock lock = database.lockStage("run-isolation", "isolated", holder -> { },
                        Optional.of(isolation))) {
                    assertEquals(Optional.of("read committed"), lock.probed());
                }
            }
        }
    }

    private static String digest(TestDatabase db, LockProbe probe) throws SQLException {
        try (Connection connection = db.connect();
             PreparedStatement query = connection.prepareStatement(probe.sql())) {
            for (int i = 0; i < probe.parameters().size(); i++) {
                query.setObject(i + 1, probe.parameters().get(i));
            }
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        }
    }
}
