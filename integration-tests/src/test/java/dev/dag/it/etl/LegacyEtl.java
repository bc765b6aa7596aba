package dev.dag.it.etl;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Existing ETL code that knows nothing of dag (no dev.dag import): steps build SQL text and pass it on,
 * main runs the final query with plain JDBC. Run with the agent and a config whose {@code tasks:} declare
 * the steps, it gets materialized, cached intermediates.
 */
public final class LegacyEtl {
    private LegacyEtl() {
    }

    public static String orders() {
        return "SELECT i AS id, i % 10 AS qty FROM generate_series(1, 1000) AS s(i)";
    }

    public static String bigOrders(String orders) {
        return "SELECT * FROM (" + orders + ") o WHERE qty >= " + Integer.getInteger("etl.threshold", 5);
    }

    public static String summary(String bigOrders) {
        return "SELECT count(*) AS n FROM (" + bigOrders + ") b";
    }

    /** Args: JDBC URL, user, password of the database to query at the end. */
    public static void main(String[] args) throws Exception {
        String query = summary(bigOrders(orders()));
        System.out.println("QUERY " + query);
        try (Connection connection = args.length > 1 && !args[1].isEmpty()
                ? DriverManager.getConnection(args[0], args[1], args.length > 2 ? args[2] : "")
                : DriverManager.getConnection(args[0]);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            System.out.println("RESULT " + rows.getLong(1));
        }
        if (Boolean.getBoolean("etl.fail")) {
            throw new IllegalStateException("the export after the queries failed");
        }
    }
}
