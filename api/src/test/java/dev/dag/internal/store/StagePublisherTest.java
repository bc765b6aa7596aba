package dev.dag.internal.store;

import static dev.dag.testing.DuckDbFiles.open;
import static dev.dag.testing.DuckDbFiles.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StagePublisherTest {
    private static final String STAGE = "clean";

    @TempDir
    Path dir;

    private Database database;
    private StagePublisher publisher;
    private PhysicalTables tables;

    @BeforeEach
    void writeTwoVersionsOfOrders() throws SQLException {
        database = open(dir);
        publisher = new StagePublisher(database);
        tables = PhysicalTables.data(database);
        try (Connection connection = database.connection()) {
            publisher.prepareSchemas(connection, STAGE);
            tables.createAs(connection, "clean__orders__r1", "SELECT 'old' AS version");
            tables.createAs(connection, "clean__orders__r2", "SELECT 'new' AS version");
            tables.createAs(connection, "clean__customers__r1", "SELECT 1 AS id");
        }
    }

    @AfterEach
    void close() {
        database.close();
    }

    private void publishCommitted(Map<String, String> views, List<String> dropped) throws SQLException {
        try (Connection connection = database.connection()) {
            connection.setAutoCommit(false);
            publisher.publish(connection, STAGE, views, dropped);
            connection.commit();
        }
    }

    private List<List<Object>> read(String view) throws SQLException {
        try (Connection connection = database.connection()) {
            return rows(connection, database.dialect().selectAll(database.stageSchema(STAGE), view));
        }
    }

    @Test
    void publishedViewsShowThePhysicalTables() throws SQLException {
        publishCommitted(Map.of("orders", "clean__orders__r1", "customers", "clean__customers__r1"), List.of());

        assertEquals(List.of(List.of("old")), read("orders"));
        assertEquals(List.of(List.of(1)), read("customers"));
    }

    @Test
    void republishingSwitchesTheViewToTheNewTable() throws SQLException {
        publishCommitted(Map.of("orders", "clean__orders__r1"), List.of());

        publishCommitted(Map.of("orders", "clean__orders__r2"), List.of());

        assertEquals(List.of(List.of("new")), read("orders"));
    }

    @Test
    void rolledBackPublishLeavesTheOldViewOnTheOldTable() throws SQLException {
        publishCommitted(Map.of("orders", "clean__orders__r1", "customers", "clean__customers__r1"), List.of());

        try (Connection connection = database.connection()) {
            connection.setAutoCommit(false);
            publisher.publish(connection, STAGE, Map.of("orders", "clean__orders__r2"), List.of("customers"));
            assertEquals(List.of(List.of("new")),
                    rows(connection, database.dialect().selectAll(database.stageSchema(STAGE), "orders")),
                    "inside the transaction the new version is visible");
            connection.rollback();
        }

        assertEquals(List.of(List.of("old")), read("orders"));
        assertEquals(List.of(List.of(1)), read("customers"), "the dropped view is back after the rollback");
    }

    @Test
    void readersOutsideThePublishingTransactionSeeTheOldVersionUntilCommit() throws SQLException {
        publishCommitted(Map.of("orders", "clean__orders__r1"), List.of());

        try (Connection connection = database.connection()) {
            connection.setAutoCommit(false);
            publisher.publish(connection, STAGE, Map.of("orders", "clean__orders__r2"), List.of());

            assertEquals(List.of(List.of("old")), read("orders"));

            connection.commit();
        }
        assertEquals(List.of(List.of("new")), read("orders"));
    }

    @Test
    void tablesTheNewVersionNoLongerHasLoseTheirView() throws SQLException {
        publishCommitted(Map.of("orders", "clean__orders__r1", "customers", "clean__customers__r1"), List.of());

        publishCommitted(Map.of("orders", "clean__orders__r2"), List.of("customers"));

        assertEquals(List.of(List.of("new")), read("orders"));
        assertThrows(SQLException.class, () -> read("customers"));
    }
}
