package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.Flows;
import dev.dag.it.support.TestDatabase;
import dev.dag.internal.store.Databases;
import dev.dag.internal.store.dialect.lock.LockProbe;
import dev.dag.internal.store.meta.Metadata;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On PostgreSQL a run trusts the records it read ahead for a stage only if the digest of the stage's records, read
 * again under the stage's lock, is the same: the digest must change with any row a run reads of the stage (an
 * object in any state, a published or a staged version), not only with a publish, and come back when the rows do.
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

            db.execute("INSERT INTO " + objects + " (physical_name, stage, name, kind, task, run_id, state, row_count, "
                    + "cache_key, query) VALUES ('left_over', 'digest_raw', 'left', 'table', 'dead', 'r-dead', "
                    + "'staged', 0, 'k', 'SELECT 2')");
            String withLeftover = digest(db, probe);
            db.execute("DELETE FROM " + objects + " WHERE physical_name = 'left_over'");
            assertEquals(published, digest(db, probe), "the same rows again: the same digest");

            db.execute("UPDATE " + objects + " SET row_count = row_count + 1 WHERE stage = 'digest_raw'");
            String recounted = digest(db, probe);
            db.execute("UPDATE " + objects + " SET row_count = row_count - 1 WHERE stage = 'digest_raw'");
            db.execute("INSERT INTO " + versions + " (stage, run_id, state, entries) VALUES ('digest_raw', "
                    + "'r-dead', 'staged', '[]')");
            String withStagedVersion = digest(db, probe);
            db.execute("DELETE FROM " + versions + " WHERE run_id = 'r-dead'");
            db.execute("INSERT INTO " + versions + " (stage, run_id, state) VALUES ('digest_raw', 'r-later', "
                    + "'unchanged')");

            assertNotEquals(published, withLeftover, "a staged object of a dead run");
            assertNotEquals(published, recounted, "a changed column of a published object");
            assertNotEquals(published, withStagedVersion, "a version written but not published");
            assertEquals(published, digest(db, probe), "a commit of an unchanged stage changes nothing a run reads");
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
