package dev.dag.internal.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** dag's metadata statements on DuckDB are prepared once per connection and reused, and reuse never changes a result. */
class ReusedStatementsTest {
    private static final String SELECT = "SELECT a FROM t WHERE a >= ? ORDER BY a";
    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t (a INTEGER)");
            statement.execute("INSERT INTO t VALUES (1), (2), (3)");
        }
        Queries.reusePreparedStatements(connection);
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    @Test
    void aStatementIsPreparedOnceAndReusedWithNewParameters() throws SQLException {
        PreparedStatement first = ReusedStatements.prepare(connection, SELECT);
        ReusedStatements.release(connection, SELECT, first, false);
        PreparedStatement second = ReusedStatements.prepare(connection, SELECT);
        ReusedStatements.release(connection, SELECT, second, false);

        assertSame(first, second);
        assertEquals(List.of(2, 3), Queries.list(connection, SELECT, rows -> rows.getInt(1), 2));
        assertEquals(List.of(1, 2, 3), Queries.list(connection, SELECT, rows -> rows.getInt(1), 1));
        assertEquals(List.of(3), Queries.list(connection, SELECT, 1, rows -> rows.getInt(1), 3));
        assertEquals(List.of(1, 2, 3), Queries.list(connection, SELECT, rows -> rows.getInt(1), 1),
                "a row limit of one use does not stay on the statement");
    }

    @Test
    void aStatementInUseIsNotHandedOutTwice() throws SQLException {
        PreparedStatement outer = ReusedStatements.prepare(connection, SELECT);
        PreparedStatement inner = ReusedStatements.prepare(connection, SELECT);

        assertNotSame(outer, inner);
        ReusedStatements.release(connection, SELECT, inner, false);
        assertTrue(inner.isClosed(), "the extra statement is closed");
        ReusedStatements.release(connection, SELECT, outer, false);
    }

    @Test
    void aFailedStatementIsClosedAndPreparedAnew() throws SQLException {
        String insert = "INSERT INTO t VALUES (CAST(? AS INTEGER))";
        assertThrows(SQLException.class, () -> Queries.update(connection, insert, "not a number"));

        assertEquals(1, Queries.update(connection, insert, "4"));
        assertEquals(List.of(4), Queries.list(connection, SELECT, rows -> rows.getInt(1), 4));
    }

    @Test
    void aReusedStatementSeesTheTableAsItIsNow() throws SQLException {
        assertEquals(List.of(1, 2, 3), Queries.list(connection, SELECT, rows -> rows.getInt(1), 0));
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE t");
            statement.execute("CREATE TABLE t (b VARCHAR, a INTEGER)");
            statement.execute("INSERT INTO t VALUES ('x', 7)");
        }

        assertEquals(List.of(7), Queries.list(connection, SELECT, rows -> rows.getInt(1), 0));
    }
}
