package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.FAILED;
import static dev.dag.TaskOutcome.LAZY_CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Lazy tasks: the body always runs, each table is rebuilt only when its SQL or its properties changed. */
class CacheLazyIT extends CacheStory {
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

    @Test
    void lazyTaskWithUnchangedSqlKeepsItsTableAndItsConsumersValid() {
        Flow flow = filteredFlow();
        firstRun(flow);
        String before = viewSql("clean", "filtered");

        Result second = run(flow);

        assertExecuted("filtered");
        assertOutcome(second, "filtered", LAZY_CACHE_VALID, "every table unchanged, none rebuilt");
        assertOutcome(second, "summary", CACHE_VALID, "cache-valid");
        assertOutcome(second, "items", CACHE_VALID, "cache-valid");
        assertEquals(before, viewSql("clean", "filtered"));

        statementEnd = " ;\n";
        Result third = run(flow);
        assertExecuted("filtered");
        assertOutcome(third, "filtered", LAZY_CACHE_VALID, "none rebuilt");
        assertOutcome(third, "summary", CACHE_VALID, "cache-valid");
        assertEquals(before, viewSql("clean", "filtered"), "a trailing ';' is no change of the query");
    }

    @Test
    void lazyTaskWithChangedSqlRebuildsItsTableAndRerunsItsConsumers() {
        Flow flow = filteredFlow();
        firstRun(flow);
        String before = viewSql("clean", "filtered");
        filter = "qty >= 5";

        Result second = run(flow);

        assertExecuted("filtered", "summary");
        assertOutcome(second, "filtered", RAN, "SQL changed");
        assertTrue(task(second, "filtered").reason().contains("qty >= 5"), task(second, "filtered").reason());
        assertOutcome(second, "summary", RAN, "input 'filtered' changed");
        assertOutcome(second, "items", CACHE_VALID, "cache-valid");
        assertNotEquals(before, viewSql("clean", "filtered"));
        assertEquals(List.of(List.of(2, "x", 5), List.of(3, "y", 9)), published("clean", "filtered"));
        assertEquals(List.of(List.of(2)), published("clean", "summary"));

        Result third = run(flow);
        assertExecuted("filtered");
        assertOutcome(third, "filtered", LAZY_CACHE_VALID, "none rebuilt");
        assertOutcome(third, "summary", CACHE_VALID, "cache-valid");
    }

    @Test
    void primaryKeyChangeOfALazyTableRebuildsItAndTheNewKeyIsEnforced() throws SQLException {
        Flow flow = filteredFlow();
        firstRun(flow);
        assertEquals(List.of("id"), primaryKeyOf("clean", "filtered"));
        String before = viewSql("clean", "filtered");
        primaryKey = new String[] {"kind", "qty"};

        Result second = run(flow);

        assertExecuted("filtered", "summary");
        assertOutcome(second, "filtered", RAN, "lazy: ");
        assertOutcome(second, "summary", RAN, "input 'filtered' changed");
        assertNotEquals(before, viewSql("clean", "filtered"));
        assertEquals(List.of("kind", "qty"), primaryKeyOf("clean", "filtered"));
        SQLException duplicate = assertThrows(SQLException.class, () -> insertInto(physicalBehind("clean", "filtered"),
                "(99, 'x', 5)"), "a row repeating (kind, qty) of an existing row violates the new key");
        assertTrue(duplicate.getMessage().toLowerCase().contains("constraint"), duplicate.getMessage());

        Result third = run(flow);
        assertExecuted("filtered");
        assertOutcome(third, "filtered", LAZY_CACHE_VALID, "none rebuilt");

        primaryKey = new String[] {"kind"};
        String committed = viewSql("clean", "filtered");
        DagException failure = failingRun(flow, options -> options);
        assertExecuted("filtered");
        assertEquals(FAILED, task(failure.result().orElseThrow(), "filtered").outcome());
        assertTrue(failure.getMessage().contains("filtered"), failure.getMessage());
        assertEquals(committed, viewSql("clean", "filtered"), "the stage keeps its committed version");
    }

    @Test
    void indexChangeOfALazyTableRebuildsIt() {
        Flow flow = filteredFlow();
        firstRun(flow);
        String before = viewSql("clean", "filtered");
        indexes = List.of(List.of("kind"));

        Result second = run(flow);

        assertExecuted("filtered", "summary");
        assertOutcome(second, "filtered", RAN, "lazy: ");
        assertNotEquals(before, viewSql("clean", "filtered"));
        assertEquals(1, query("SELECT 1 FROM duckdb_indexes() WHERE schema_name = 'dag_data' AND table_name = ?",
                physicalBehind("clean", "filtered")).size(), "the new table has the index");
    }

    @Test
    void partlyChangedLazyTaskRebuildsOnlyTheChangedTableAndItsConsumers() {
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
        firstRun(flow);
        String small = viewSql("clean", "small");
        String large = viewSql("clean", "large");
        smallLimit = 6;

        Result second = run(flow);

        assertExecuted("split", "countSmall");
        assertOutcome(second, "split", RAN, "SQL changed");
        assertOutcome(second, "countSmall", RAN, "input 'small' changed");
        assertOutcome(second, "countLarge", CACHE_VALID, "cache-valid");
        assertNotEquals(small, viewSql("clean", "small"));
        assertEquals(large, viewSql("clean", "large"), "the unchanged table of the lazy task is kept");
        assertEquals(List.of(List.of(2)), published("clean", "small_count"));
        assertEquals(List.of(List.of(2)), published("clean", "large_count"));
    }

    private List<Object> primaryKeyOf(String stage, String table) {
        List<List<Object>> rows = query("SELECT constraint_column_names FROM duckdb_constraints() "
                + "WHERE schema_name = 'dag_data' AND table_name = ? AND constraint_type = 'PRIMARY KEY'",
                physicalBehind(stage, table));
        assertEquals(1, rows.size(), () -> "one primary key on " + stage + "." + table);
        try {
            return List.of((Object[]) ((Array) rows.get(0).get(0)).getArray());
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    /** Tries an insert in a transaction that is rolled back, so the stored table stays as it was. */
    private void insertInto(String physical, String values) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cache.duckdb"))) {
            connection.setAutoCommit(false);
            try (var statement = connection.createStatement()) {
                statement.execute("INSERT INTO dag_data.\"" + physical + "\" VALUES " + values);
            } finally {
                connection.rollback();
            }
        }
    }
}
