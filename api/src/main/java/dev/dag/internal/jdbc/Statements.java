package dev.dag.internal.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** Statements run on the connection given, as one unit of work (see {@link Transactions}). */
@FunctionalInterface
public interface Statements {
    void run(Connection connection) throws SQLException;
}
