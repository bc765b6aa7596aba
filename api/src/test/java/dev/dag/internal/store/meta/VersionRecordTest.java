package dev.dag.internal.store.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.cache.TaskKey;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stage version's entries read back from their record keep their text, and a version that carries an entry over
 * unchanged writes that text again, while a changed entry is written anew.
 */
class VersionRecordTest {
    private static TaskKey key(String task, String argument) {
        return TaskKey.of(new TaskKey.Subject(task, "raw", "dev.example.Tasks." + task + "()V"),
                new TaskKey.Code("1", "f00d", "{\"hash\":\"f00d\",\"parts\":{\"m\":\"\\\"quoted\\\"\"}}"),
                Map.of("00", argument), List.of(), "", null); // names are not stored
    }

    private static CacheEntry entry(String task, int ordinal, String argument) {
        return new CacheEntry(task, ordinal, key(task, argument), List.of(new CacheEntry.Output("", task,
                ObjectKind.TABLE, "raw__" + task + "__1", "k-" + task)));
    }

    @Test
    void entriesReadBackKeepTheirTextAndAreWrittenBackAsItIs() throws SQLException {
        String json = VersionRecord.entriesJson(List.of(entry("orders", 0, "5"), entry("items", 0, "\"é\"")));

        List<CacheEntry> read = VersionRecord.entries(json, "raw");

        assertEquals(List.of(entry("orders", 0, "5"), entry("items", 0, "\"é\"")), read);
        assertEquals("[" + read.get(0).stored() + "," + read.get(1).stored() + "]", json);
        assertEquals(json, VersionRecord.entriesJson(read));
        assertEquals(read.get(0).key().partsJson(), key("orders", "5").partsJson());
    }

    @Test
    void anEntryCarriedOverUnchangedKeepsItsTextAndAChangedOneIsWrittenAnew() throws SQLException {
        CacheEntry committed = VersionRecord.entries(VersionRecord.entriesJson(List.of(entry("orders", 0, "5"))),
                "raw").get(0);

        CacheEntry same = committed.carriedAs(0, key("orders", "5"));
        CacheEntry moved = committed.carriedAs(1, key("orders", "5"));
        TaskKey otherParts = new TaskKey(committed.key().key(), TaskKey.FORMAT, committed.key().subject(),
                new TaskKey.Code("1", "beef", "{}"), committed.key().arguments(), List.of(), "", null);
        CacheEntry drifted = committed.carriedAs(0, otherParts);

        assertEquals(committed.stored(), same.stored());
        assertNull(moved.stored());
        assertNull(drifted.stored());
        List<CacheEntry> written = VersionRecord.entries(VersionRecord.entriesJson(List.of(moved, drifted)), "raw");
        assertEquals(1, written.get(0).ordinal());
        assertEquals("beef", written.get(1).key().code().fingerprint());
        assertNotEquals(committed.stored(), written.get(1).stored());
    }

    @Test
    void aFieldALaterDagAddedIsReadPastAndKept() throws SQLException {
        String written = VersionRecord.entriesJson(List.of(entry("orders", 0, "5")));
        String later = written.replace("{\"task\"", "{\"note\":{\"a\":[1,2]},\"task\"");

        CacheEntry read = VersionRecord.entries(later, "raw").get(0);

        assertEquals(entry("orders", 0, "5"), read);
        assertEquals(later, VersionRecord.entriesJson(List.of(read)));
    }

    @Test
    void recordsThatAreNotEntriesAreRefusedNamingTheStage() {
        for (String bad : new String[] {"{\"task\":1}", "[{\"task\":\"t\"}]", "[{\"task\":", "not json"}) {
            SQLException refused = assertThrows(SQLException.class, () -> VersionRecord.entries(bad, "raw"), bad);
            assertTrue(refused.getMessage().contains("stage 'raw'"), refused.getMessage());
        }
    }
}
