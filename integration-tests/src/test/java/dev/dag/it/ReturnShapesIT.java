package dev.dag.it;

import static dev.dag.it.support.Rows.assertRows;
import static dev.dag.it.support.Rows.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.Blob;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;

/** Every return shape a task may declare is stored, and each of its outputs reaches its consumers. */
class ReturnShapesIT {
    record Order(int id, String customer, int qty, double price) {
    }

    record Split(Table small, Table large) {
    }

    static final List<Order> ORDERS = List.of(new Order(1, "ann", 1, 9.5), new Order(2, "bob", 4, 20.0),
            new Order(3, "ann", 7, 3.25), new Order(4, "cid", 2, 100.0));
    static final AtomicInteger auditBodies = new AtomicInteger();
    static final AtomicReference<Object> thresholdSeen = new AtomicReference<>();

    @BeforeEach
    void reset() {
        auditBodies.set(0);
        thresholdSeen.set(null);
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of(ORDERS).name("orders");
    }

    @Materialize(version = "1")
    static Table customers() {
        List<Map<String, Object>> rows = List.of(row("id", 1, "name", "ann"), row("id", 2, "name", "bob"));
        return Table.of(rows).name("customers");
    }

    private static Map<String, Object> row(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put(k1, v1);
        row.put(k2, v2);
        return row;
    }

    @Materialize(version = "1")
    static Table bigOrders(Table orders) {
        return Table.of("SELECT id, qty FROM " + orders.ref() + " WHERE qty >= 4").name("big_orders");
    }

    @Materialize(version = "1")
    static Blob thresholds() {
        return Blob.of(Map.of("minQty", 2)).name("thresholds");
    }

    @Materialize(version = "1")
    static Table filtered(Table orders, Blob thresholds) {
        thresholdSeen.set(thresholds.obj());
        Object minQty = ((Map<?, ?>) thresholds.obj()).get("minQty");
        return Table.of("SELECT id FROM " + orders.ref() + " WHERE qty >= " + minQty).name("filtered");
    }

    @Materialize(version = "1")
    static Split split(Table orders) {
        return new Split(Table.of("SELECT * FROM " + orders.ref() + " WHERE qty < 3").name("small"),
                Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= 3").name("large"));
    }

    @Materialize(version = "1", nout = 2)
    static List<Table> byParity(Table orders) {
        return List.of(Table.of("SELECT * FROM " + orders.ref() + " WHERE id % 2 = 0").name("even"),
                Table.of("SELECT * FROM " + orders.ref() + " WHERE id % 2 = 1").name("odd"));
    }

    @Materialize(version = "1")
    static Table idsOf(Table part, String name) {
        return Table.of("SELECT array_agg(id ORDER BY id) AS ids FROM " + part.ref()).name(name);
    }

    @Materialize(version = "1")
    static void audit(Table orders) {
        auditBodies.incrementAndGet();
    }

    @OnEachDatabase
    void tableFromSqlTextHoldsTheRowsOfTheQuery(TestDatabase db) {
        Flow flow = Flows.oneStage("shapes", "raw", () -> bigOrders(orders()));

        flow.run(db.options());

        assertRows(List.of(List.of(2, 4), List.of(3, 7)), db.published("raw", "big_orders"));
    }

    @OnEachDatabase
    void tableFromListOfRecordsHasOneTypedColumnPerComponent(TestDatabase db) {
        Flow flow = Flows.oneStage("shapes", "raw", ReturnShapesIT::orders);

        flow.run(db.options());

        assertEquals(List.of("id INTEGER", "customer VARCHAR", "qty INTEGER", "price DOUBLE"),
                db.columnTypes("raw", "orders"));
        assertEquals(List.of(List.of(1, "ann", 1, 9.5), List.of(2, "bob", 4, 20.0), List.of(3, "ann", 7, 3.25),
                List.of(4, "cid", 2, 100.0)), db.published("raw", "orders"), "values of the records' Java types");
    }

    @OnEachDatabase
    void tableFromListOfMapsTakesItsColumnsFromTheKeys(TestDatabase db) {
        Flow flow = Flows.oneStage("shapes", "raw", ReturnShapesIT::customers);

        flow.run(db.options());

        assertRows(List.of(List.of(1, "ann"), List.of(2, "bob")), db.published("raw", "customers"));
    }

    @OnEachDatabase
    void blobReachesALaterTaskAsItsObject(TestDatabase db) {
        Flow flow = new Flow("shapes");
        Blob thresholds;
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
                thresholds = thresholds();
            }
            try (Stage clean = new Stage("clean")) {
                filtered(orders, thresholds);
            }
        }

        Result result = flow.run(db.options());

        assertEquals(Map.of("minQty", 2), thresholdSeen.get());
        assertRows(List.of(List.of(2), List.of(3), List.of(4)), db.published("clean", "filtered"));
        assertEquals(Map.of("minQty", 2), result.get(thresholds, Map.class));
    }

    @OnEachDatabase
    void recordOfTablesGivesEachComponentToItsOwnConsumer(TestDatabase db) {
        Flow flow = new Flow("shapes");
        try (flow) {
            Split parts;
            try (Stage raw = new Stage("raw")) {
                parts = split(orders());
            }
            try (Stage marts = new Stage("marts")) {
                idsOf(parts.small(), "small_ids");
                idsOf(parts.large(), "large_ids");
            }
        }

        flow.run(db.options());

        assertEquals(List.of("large", "orders", "small"), db.tablesIn("raw"));
        assertValue(List.of(1, 4), db.value("SELECT ids FROM " + db.table("marts", "small_ids")));
        assertValue(List.of(2, 3), db.value("SELECT ids FROM " + db.table("marts", "large_ids")));
    }

    @OnEachDatabase
    void listOfTablesWithNoutGivesEachElementToItsOwnConsumer(TestDatabase db) {
        Flow flow = new Flow("shapes");
        try (flow) {
            List<Table> parts;
            try (Stage raw = new Stage("raw")) {
                parts = byParity(orders());
            }
            assertEquals(2, parts.size(), "the placeholder list has nout elements");
            try (Stage marts = new Stage("marts")) {
                idsOf(parts.get(0), "even_ids");
                idsOf(parts.get(1), "odd_ids");
            }
        }

        flow.run(db.options());

        assertEquals(List.of("even", "odd", "orders"), db.tablesIn("raw"));
        assertValue(List.of(2, 4), db.value("SELECT ids FROM " + db.table("marts", "even_ids")));
        assertValue(List.of(1, 3), db.value("SELECT ids FROM " + db.table("marts", "odd_ids")));
    }

    @OnEachDatabase
    void voidTaskRunsItsBodyAndStoresNothing(TestDatabase db) {
        Flow flow = new Flow("shapes");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            try (Stage checks = new Stage("checks")) {
                audit(orders);
            }
        }

        Result result = flow.run(db.options());

        assertEquals(1, auditBodies.get());
        TaskResult audit = result.task("audit").orElseThrow();
        assertEquals(TaskOutcome.RAN, audit.outcome());
        assertEquals(List.of(), audit.tables());
        assertEquals(0, audit.rowsWritten());
        assertEquals(List.of(), db.tablesIn("checks"));
    }
}
