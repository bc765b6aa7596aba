package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.FAILED;
import static dev.dag.TaskOutcome.LAZY_CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.failingRun;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.cache.Story.task;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** Lazy tasks: the body always runs, each table is rebuilt only when its SQL or its properties changed. */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheLazyIT {
    record Item(int id, String kind, int qty) {}

    record Split(Table small, Table large) {}

    static final List<Item> ITEMS = List.of(new Item(1, "x", 2), new Item(2, "x", 5), new Item(3, "y", 9));

    static volatile String filter;
    static volatile String statementEnd;
    static volatile String[] primaryKey;
    static volatile List<List<String>> indexes;
    static volatile int smallLimit;

    @BeforeEach
    void resetCode() {
        filter = "qty >= 2";
        statementEnd = "";
        primaryKey = new String[] {"id"};
        indexes = List.of();
        smallLimit = 4;
    }

    @Materialize(version = "1")
    static Table items() {
        Bodies.ran("items");
        return Table.of(ITEMS).name("items");
    }

    @Materialize(lazy = true)
    static Table filtered(Table items) {
        Bodies.ran("filtered");
        return Table.of("SELECT id, kind, qty FROM " + items.ref() + " WHERE " + filter + statementEnd)
                .name("filtered").primaryKey(primaryKey).indexes(indexes);
    }

    @Materialize(version = "1")
    static Table summary(Table filtered) {
        Bodies.ran("summary");
        return Table.of("SELECT count(*)::INTEGER AS n FROM " + filtered.ref()).name("summary");
    }

    @Materialize(lazy = true)
    static Split split(Table items) {
        Bodies.ran("split");
        return new Split(
                Table.of("SELECT * FROM " + items.ref() + " WHERE qty < " + smallLimit).name("small"),
                Table.of("SELECT * FROM " + items.ref() + " WHERE qty >= 5").name("large"));
    }

    @Materialize(version = "1")
    static Table countSmall(Table small) {
        Bodies.ran("countSmall");
        return Table.of("SELECT count(*)::INTEGER AS n FROM " + small.ref()).name("small_count");
    }

    @Materialize(version = "1")
    static Table countLarge(Table large) {
        Bodies.ran("countLarge");
        return Table.of("SELECT count(*)::INTEGER AS n FROM " + large.ref()).name("large_count");
    }

    private Flow filteredFlow() {
        Flow flow = new Flow("lazy");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                items = items();
            }
            try (Stage clean = new Stage("clean")) {
                summary(filtered(items));
            }
        }
        return flow;
    }

    @OnEachDatabase
    void lazyTaskWithUnchangedSqlKeepsItsTableAndItsConsumersValid(TestDatabase db) {
        Flow flow = filteredFlow();
        firstRun(db, flow);
        String before = db.viewSql("clean", "filtered");

        Result second = db.run(flow);

        assertExecuted("filtered");
        assertOutcome(second, "filtered", LAZY_CACHE_VALID, "every table unchanged, none rebuilt");
        assertOutcome(second, "summary", CACHE_VALID, "cache-valid");
        assertOutcome(second, "items", CACHE_VALID, "cache-valid");
        assertEquals(before, db.viewSql("clean", "filtered"));

        statementEnd = " ;\n";
        Result third = db.run(flow);
        assertExecuted("filtered");
        assertOutcome(third, "filtered", LAZY_CACHE_VALID, "none rebuilt");
        assertOutcome(third, "summary", CACHE_VALID, "cache-valid");
        assertEquals(before, db.viewSql("clean", "filtered"), "a trailing ';' is no change of the query");
    }

    @OnEachDatabase
    void lazyTaskWithChangedSqlRebuildsItsTableAndRerunsItsConsumers(TestDatabase db) {
        Flow flow = filteredFlow();
        firstRun(db, flow);
        String before = db.viewSql("clean", "filtered");
        filter = "qty >= 5";

        Result second = db.run(flow);

        assertExecuted("filtered", "summary");
        assertOutcome(second, "filtered", RAN, "SQL changed");
        assertTrue(task(second, "filtered").reason().contains("qty >= 5"), task(second, "filtered").reason());
        assertOutcome(second, "summary", RAN, "input 'filtered' changed");
        assertOutcome(second, "items", CACHE_VALID, "cache-valid");
        assertNotEquals(before, db.viewSql("clean", "filtered"));
        assertRows(List.of(List.of(2, "x", 5), List.of(3, "y", 9)), db.published("clean", "filtered"));
        assertRows(List.of(List.of(2)), db.published("clean", "summary"));

        Result third = db.run(flow);
        assertExecuted("filtered");
        assertOutcome(third, "filtered", LAZY_CACHE_VALID, "none rebuilt");
        assertOutcome(third, "summary", CACHE_VALID, "cache-valid");
    }

    @OnEachDatabase
    void primaryKeyChangeOfALazyTableRebuildsItAndTheNewKeyIsEnforced(TestDatabase db) {
        Flow flow = filteredFlow();
        firstRun(db, flow);
        assertEquals(List.of("id"), db.primaryKeyOf(db.physicalBehind("clean", "filtered")));
        String before = db.viewSql("clean", "filtered");
        primaryKey = new String[] {"kind", "qty"};

        Result second = db.run(flow);

        assertExecuted("filtered", "summary");
        assertOutcome(second, "filtered", RAN, "lazy: ");
        assertOutcome(second, "summary", RAN, "input 'filtered' changed");
        assertNotEquals(before, db.viewSql("clean", "filtered"));
        TableRef rebuilt = db.physicalBehind("clean", "filtered");
        assertEquals(List.of("kind", "qty"), db.primaryKeyOf(rebuilt));
        // a row repeating (kind, qty) of an existing row violates the new key
        SQLException duplicate = db.refused("INSERT INTO " + rebuilt + " VALUES (99, 'x', 5)");
        assertTrue(duplicate.getMessage().toLowerCase().contains("constraint"), duplicate.getMessage());

        Result third = db.run(flow);
        assertExecuted("filtered");
        assertOutcome(third, "filtered", LAZY_CACHE_VALID, "none rebuilt");

        primaryKey = new String[] {"kind"};
        String committed = db.viewSql("clean", "filtered");
        DagException failure = failingRun(db, flow, options -> options);
        assertExecuted("filtered");
        assertEquals(FAILED, task(failure.result().orElseThrow(), "filtered").outcome());
        assertTrue(failure.getMessage().contains("filtered"), failure.getMessage());
        assertEquals(committed, db.viewSql("clean", "filtered"), "the stage keeps its committed version");
    }

    @OnEachDatabase
    void indexChangeOfALazyTableRebuildsIt(TestDatabase db) {
        Flow flow = filteredFlow();
        firstRun(db, flow);
        String before = db.viewSql("clean", "filtered");
        indexes = List.of(List.of("kind"));

        Result second = db.run(flow);

        assertExecuted("filtered", "summary");
        assertOutcome(second, "filtered", RAN, "lazy: ");
        assertNotEquals(before, db.viewSql("clean", "filtered"));
        assertEquals(List.of("kind"), db.indexesOf(db.physicalBehind("clean", "filtered")),
                "the new table has the index");
    }

    @OnEachDatabase
    void partlyChangedLazyTaskRebuildsOnlyTheChangedTableAndItsConsumers(TestDatabase db) {
        Flow flow = new Flow("split");
        try (flow) {
            Table items;
            try (Stage raw = new Stage("raw")) {
                items = items();
            }
            try (Stage clean = new Stage("clean")) {
                Split parts = split(items);
                countSmall(parts.small());
                countLarge(parts.large());
            }
        }
        firstRun(db, flow);
        String small = db.viewSql("clean", "small");
        String large = db.viewSql("clean", "large");
        smallLimit = 6;

        Result second = db.run(flow);

        assertExecuted("split", "countSmall");
        assertOutcome(second, "split", RAN, "SQL changed");
        assertOutcome(second, "countSmall", RAN, "input 'small' changed");
        assertOutcome(second, "countLarge", CACHE_VALID, "cache-valid");
        assertNotEquals(small, db.viewSql("clean", "small"));
        assertEquals(large, db.viewSql("clean", "large"), "the unchanged table of the lazy task is kept");
        assertRows(List.of(List.of(2)), db.published("clean", "small_count"));
        assertRows(List.of(List.of(2)), db.published("clean", "large_count"));
    }
}
