package dev.dag.internal.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class TransactionsTest {

    @Test
    void aReadJoinsTheTransactionItsCallerOpenedInsteadOfRollingItBack() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE written AS SELECT 42 AS a");
            }

            int read = Transactions.readInTransaction(connection, TransactionsTest::valueOfWritten);
            connection.commit();

            assertEquals(42, read);
            assertFalse(connection.getAutoCommit(), "the caller's mode stays");
            assertEquals(42, valueOfWritten(connection), "the caller's write survives the read");
        }
    }

    @Test
    void aReadOnItsOwnRestoresAutoCommit() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
            int read = Transactions.readInTransaction(connection, c -> 7);

            assertEquals(7, read);
            assertTrue(connection.getAutoCommit());
        }
    }

    private static int valueOfWritten(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT a FROM written")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
