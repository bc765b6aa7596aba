package dev.dag.it;

import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.MaterializationException;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;

/** What a reader of the database sees: one schema per stage, one view per table, keys that hold. */
class PublishedTablesIT {
    record Customer(int id, String name) {
    }

    static final AtomicReference<TableRef> storedCustomers = new AtomicReference<>();
    static final AtomicReference<TableRef> storedCodes = new AtomicReference<>();

    @BeforeEach
    void reset() {
        storedCustomers.set(null);
        storedCodes.set(null);
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of("SELECT id, id % 3 AS customer_id FROM generate_series(0, 9) AS t(id)").name("orders");
    }

    @Materialize(version = "1")
    static Table customers() {
        Table customers = Table.of(List.of(new Customer(0, "ann"), new Customer(1, "bob"), new Customer(2, "cid")))
                .name("customers").primaryKey("id").materialize();
        storedCustomers.set(customers.ref());
        return customers;
    }

    @Materialize(version = "1")
    static Table codes() {
        Table codes = Table.of("SELECT * FROM (VALUES ('a', 1), ('b', 2)) AS t(code, n)").name("codes")
                .primaryKey("code").indexes(List.of(List.of("n"))).materialize();
        storedCodes.set(codes.ref());
        return codes;
    }

    @Materialize(version = "1")
    static Table duplicateKeys() {
        return Table.of("SELECT * FROM (VALUES (1), (1)) AS t(id)").name("dupes").primaryKey("id");
    }

    @Materialize(version = "1")
    static Table perCustomer(Table orders, Table customers) {
        return Table.of("SELECT c.name, count(*) AS orders FROM " + orders.ref() + " o JOIN " + customers.ref()
                + " c ON o.customer_id = c.id GROUP BY c.name").name("per_customer");
    }

    private Flow ordersFlow() {
        Flow flow = new Flow("published");
        try (flow) {
            Table orders;
            Table customers;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
                customers = customers();
            }
            try (Stage marts = new Stage("marts")) {
                perCustomer(orders, customers);
            }
        }
        return flow;
    }

    private static List<List<Object>> tablesAndTypes(TestDatabase db, String stage) {
        return db.rows("SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = ? "
                + "ORDER BY table_name", db.schema(stage));
    }

    @OnEachDatabase
    void eachStageIsASchemaHoldingOneViewPerTableNamedAfterIt(TestDatabase db) {
        ordersFlow().run(db.options());

        assertEquals(List.of(List.of("customers", "VIEW"), List.of("orders", "VIEW")), tablesAndTypes(db, "raw"));
        assertEquals(List.of(List.of("per_customer", "VIEW")), tablesAndTypes(db, "marts"));
    }

    @OnEachDatabase
    void storedTablesHoldEveryRowAndTheResultCountsThem(TestDatabase db) {
        Result result = ordersFlow().run(db.options());

        assertEquals(10, db.count(db.table("raw", "orders")));
        assertEquals(3, db.count(db.table("raw", "customers")));
        assertRows(List.of(List.of("ann", 4L), List.of("bob", 3L), List.of("cid", 3L)),
                db.published("marts", "per_customer"));
        assertEquals(10, result.task("orders").orElseThrow().rowsWritten());
        assertEquals(3, result.task("customers").orElseThrow().rowsWritten());
        assertEquals(3, result.task("perCustomer").orElseThrow().rowsWritten());
    }

    @OnEachDatabase
    void committedStagesStayReadableAfterThePoolIsClosed(TestDatabase db) {
        ordersFlow().run(db.options());
        db.config().close();

        assertEquals(10, db.count(db.table("raw", "orders")));
        assertEquals(3, db.count(db.table("marts", "per_customer")));
    }

    @OnEachDatabase
    void primaryKeyOfRowsIsEnforcedByTheDatabase(TestDatabase db) {
        ordersFlow().run(db.options());

        TableRef stored = storedCustomers.get();
        assertEquals(List.of("id"), db.primaryKeyOf(stored));
        SQLException duplicate = db.refused("INSERT INTO " + stored + " VALUES (1, 'again')");
        assertTrue(duplicate.getMessage().toLowerCase(Locale.ROOT).contains("duplicate key"), duplicate.getMessage());
    }

    @OnEachDatabase
    void primaryKeyAndIndexesOfSqlTablesAreCreated(TestDatabase db) {
        Flow flow = Flows.oneStage("published", "raw", PublishedTablesIT::codes);

        flow.run(db.options());

        TableRef stored = storedCodes.get();
        db.refused("INSERT INTO " + stored + " VALUES ('a', 3)");
        assertEquals(List.of("n"), db.indexesOf(stored));
    }

    @OnEachDatabase
    void primaryKeyOverDuplicateRowsFailsTheTaskAndCommitsNothing(TestDatabase db) {
        Flow flow = Flows.oneStage("published", "raw", PublishedTablesIT::duplicateKeys);

        MaterializationException e = assertThrows(MaterializationException.class, () -> flow.run(db.options()));

        assertTrue(e.getMessage().contains("'duplicateKeys'") && e.getMessage().contains("'dupes'")
                && e.getMessage().contains("'raw'"), e.getMessage());
        assertEquals(List.of(), db.tablesIn("raw"));
    }
}
