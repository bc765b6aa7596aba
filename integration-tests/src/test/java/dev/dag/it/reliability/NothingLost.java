package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The check after every case of the reliability suite: nothing a run committed was lost. */
final class NothingLost {
    private NothingLost() {
    }

    /**
     * Every table of every published stage version exists and reads, through its view, exactly the rows its
     * publish recorded.
     */
    static void assertCommittedIntact(TestDatabase db) {
        assertEquals(Set.of(), PhysicalTablesState.read(db).missing(), "published tables that do not exist");
        List<List<Object>> published = db.rows("SELECT stage, name, row_count FROM "
                + db.table(db.config().metadataSchema(), "objects") + " WHERE state = 'published' AND kind = 'table'");
        for (List<Object> table : published) {
            String view = db.table((String) table.get(0), (String) table.get(1));
            assertEquals(((Number) table.get(2)).longValue(), db.count(view), "rows of " + view);
        }
    }

    /** {@link #assertCommittedIntact}, and once no run is live, no physical table that no version uses. */
    static void assertIntactAndClean(TestDatabase db) {
        assertCommittedIntact(db);
        assertEquals(Map.of(), PhysicalTablesState.read(db).orphans(), "physical tables that no published version "
                + "uses (and their state in dag's metadata)");
    }
}
