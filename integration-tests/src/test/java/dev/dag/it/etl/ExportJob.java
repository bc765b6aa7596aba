package dev.dag.it.etl;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * An export job that knows nothing of dag and calls its source steps more than once: {@code customers()} twice
 * with no arguments, {@code customersFrom(first)} with two different arguments, one of them twice. Run with the
 * agent and a config whose {@code tasks:} declare both steps {@code sql: true}.
 */
public final class ExportJob {
    private ExportJob() {
    }

    public static String customers() {
        return "SELECT i AS id FROM generate_series(1, 10) AS s(i)";
    }

    public static String customersFrom(int first) {
        return "SELECT i AS id FROM generate_series(" + first + ", 10) AS s(i)";
    }

    /** Args: JDBC URL, user, password of the database to query. */
    public static void main(String[] args) throws SQLException {
        String all = customers();
        String allAgain = customers();
        String fromThree = customersFrom(3);
        String fromSix = customersFrom(6);
        String fromThreeAgain = customersFrom(3);
        System.out.println("SAME " + all.equals(allAgain) + " " + fromThree.equals(fromThreeAgain) + " "
                + fromThree.equals(fromSix));
        try (Connection connection = args.length > 1 && !args[1].isEmpty()
                ? DriverManager.getConnection(args[0], args[1], args.length > 2 ? args[2] : "")
                : DriverManager.getConnection(args[0])) {
            System.out.println("COUNTS " + count(connection, all) + " " + count(connection, allAgain) + " "
                    + count(connection, fromThree) + " " + count(connection, fromSix) + " "
                    + count(connection, fromThreeAgain));
        }
    }

    private static long count(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM (" + query + ") q")) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
