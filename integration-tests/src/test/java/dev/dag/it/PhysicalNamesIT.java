package dev.dag.it;

import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;

/** Physical table names are unique by construction, whatever stage and table names a flow uses. */
class PhysicalNamesIT {
    static volatile int value = 1;

    @Materialize(version = "")
    static Table first() {
        return Table.of("SELECT 'first' AS who, " + value + " AS v").name("b__c");
    }

    @Materialize(version = "")
    static Table second() {
        return Table.of("SELECT 'second' AS who, " + value + " AS v").name("c");
    }

    private static Flow flow() {
        Flow flow = new Flow("clash");
        try (flow) {
            try (Stage a = new Stage("a")) {
                first();
            }
            try (Stage ab = new Stage("a__b")) {
                second();
            }
        }
        return flow;
    }

    @OnEachDatabase
    void stageAWithTableBcAndStageAbWithTableCKeepTheirOwnTables(TestDatabase db) {
        for (value = 1; value <= 3; value++) {
            Result result = db.run(flow());
            assertTrue(result.successful(), result.summary());
            assertRows(List.of(List.of("first", value)), db.published("a", "b__c"));
            assertRows(List.of(List.of("second", value)), db.published("a__b", "c"));
        }
        assertNotEquals(db.physicalBehind("a", "b__c"), db.physicalBehind("a__b", "c"));
    }
}
