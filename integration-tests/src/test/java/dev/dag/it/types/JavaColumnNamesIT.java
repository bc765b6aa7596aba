package dev.dag.it.types;

import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.Flow;
import dev.dag.MaterializationException;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * Column names dag derives from Java follow one rule on both databases: snake_case. SQL written against the
 * table on DuckDB, naming the column unquoted, runs on PostgreSQL too; records read back exactly; SQL that names the
 * column as the component is spelled fails on both with an error that states the rule.
 */
class JavaColumnNamesIT {
    // docs:column-names
    record Shipment(long orderId, LocalDate shippedOn, String customerID) { // columns order_id, shipped_on, customer_id
    }

    static final List<Shipment> SHIPMENTS = List.of(
            new Shipment(1, LocalDate.of(2026, 1, 5), "c1"),
            new Shipment(2, LocalDate.of(2026, 2, 9), "c2"),
            new Shipment(3, null, "c1"));

    @Materialize(version = "1")
    static Table shipments() {
        return Table.of(SHIPMENTS).primaryKey("orderId").nonNullable("customerID");
    }
    // end:column-names

    @Materialize(version = "1")
    static Table events() {
        return Table.of(List.of(Map.of("eventId", 1, "seenAt", LocalDate.of(2026, 3, 1))));
    }

    // docs:column-names-sql
    @Materialize(version = "1")
    static Table shippedInFebruary(Table shipments, Table events) {
        // as a user writes it after looking at the table on DuckDB: unquoted, as the columns are named
        return Table.of("SELECT s.order_id, s.shipped_on, s.customer_id, e.seen_at FROM " + shipments.ref() + " s, "
                + events.ref() + " e WHERE s.shipped_on >= DATE '2026-02-01' AND e.event_id = 1");
    }
    // end:column-names-sql

    @Materialize(version = "1")
    static Table namedAsTheComponent(Table shipments) {
        return Table.of("SELECT orderId, shippedOn FROM " + shipments.ref());
    }

    record Shipped(long orderId, LocalDate shippedOn, String customerID, LocalDate seenAt) {
    }

    @OnEachDatabase
    void sqlNamingTheSnakeCaseColumnsUnquotedRunsOnBothDatabases(TestDatabase db) {
        Flow flow = new Flow("names");
        Table rows;
        Table seen;
        Table february;
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                rows = shipments();
                seen = events();
            }
            try (Stage marts = new Stage("marts")) {
                february = shippedInFebruary(rows, seen);
            }
        }

        Result result = flow.run(db.options());

        assertEquals(List.of("order_id", "shipped_on", "customer_id"), columns(db, "raw", "shipments"));
        assertEquals(List.of("order_id"), db.primaryKeyOf(db.physicalBehind("raw", "shipments")));
        assertEquals(List.of(new Shipped(2, LocalDate.of(2026, 2, 9), "c2", LocalDate.of(2026, 3, 1))),
                result.rows(february, Shipped.class));
        assertEquals(SHIPMENTS, result.rows(rows, Shipment.class));
    }

    @OnEachDatabase
    void sqlNamingTheComponentAsSpelledFailsOnBothNamingTheRule(TestDatabase db) {
        Flow flow = new Flow("names");
        try (flow) {
            Table rows;
            try (Stage raw = new Stage("raw")) {
                rows = shipments();
            }
            try (Stage marts = new Stage("marts")) {
                namedAsTheComponent(rows);
            }
        }

        MaterializationException e = assertThrows(MaterializationException.class, () -> flow.run(db.options()));

        assertMessageContains(e, "'namedAsTheComponent'", "'marts'", "The table has the column order_id",
                "snake_case on every database", "docs/types.md#column-names", "Write order_id in the SQL");
    }

    private static List<String> columns(TestDatabase db, String stage, String table) {
        return db.columnTypes(stage, table).stream().map(column -> column.split(" ")[0]).toList();
    }
}
