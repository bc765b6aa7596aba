package com.acme.etl;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A report job that has never heard of dag: its steps build SQL (joins, ORDER BY, LIMIT, aggregates, mixed-case
 * aliases, dates, decimals, nulls), main runs each step's query and prints every result set it reads, value by
 * value and in order, with column labels, types and the classes of the values. On PostgreSQL it lets the database
 * scan in parallel, as a tuned server would. Args: JDBC URL, user, password.
 */
public final class SalesReport {
    private SalesReport() {
    }

    public static String customers() {
        return "SELECT * FROM (VALUES (1, 'Ann', DATE '2024-01-05'), (2, 'Bob', NULL), (3, 'Cid', DATE '2023-12-31'),"
                + " (4, 'Dee', DATE '2024-02-29')) AS c(id, name, joined)";
    }

    public static String orders() {
        return "SELECT i AS id, 1 + i % 4 AS customer_id, CAST(i * 1.25 AS DECIMAL(12, 2)) AS amount,"
                + " CASE WHEN i % 7 = 0 THEN NULL ELSE DATE '2024-01-01' + CAST(i % 40 AS INTEGER) END AS shipped"
                + " FROM generate_series(1, 40000) AS s(i)";
    }

    public static String topCustomers(String customers, String orders) {
        return "SELECT c.name AS \"customerName\", sum(o.amount) AS \"Total\", count(*) AS n,"
                + " max(o.shipped) AS \"lastShipped\" FROM (" + orders + ") o JOIN (" + customers + ") c"
                + " ON c.id = o.customer_id GROUP BY c.name ORDER BY \"Total\" DESC, c.name LIMIT 3";
    }

    public static String largestOrders(String orders) {
        return "SELECT id, amount, shipped FROM (" + orders + ") o ORDER BY amount DESC, id LIMIT 25";
    }

    public static String byAmount(String orders) {
        return "SELECT o.id AS \"orderId\", o.amount, o.shipped FROM (" + orders + ") o WHERE o.id % 3 = 0"
                + " ORDER BY o.amount DESC, o.id";
    }

    public static String shippedLast(String orders) {
        return "SELECT o.id, o.shipped AS \"shippedOn\", o.amount * 2 AS doubled FROM (" + orders + ") o"
                + " WHERE o.id % 97 = 0 ORDER BY o.shipped DESC NULLS LAST, o.id";
    }

    public static String customerList(String customers) {
        return "SELECT name, joined FROM (" + customers + ") c ORDER BY joined NULLS FIRST, name";
    }

    public static void main(String[] args) throws Exception {
        String customers = customers();
        String orders = orders();
        Map<String, String> reports = new LinkedHashMap<>();
        reports.put("topCustomers", topCustomers(customers, orders));
        reports.put("largestOrders", largestOrders(orders));
        reports.put("byAmount", byAmount(orders));
        reports.put("shippedLast", shippedLast(orders));
        reports.put("customerList", customerList(customers));
        try (Connection connection = args.length > 1 && !args[1].isEmpty()
                ? DriverManager.getConnection(args[0], args[1], args.length > 2 ? args[2] : "")
                : DriverManager.getConnection(args[0]);
             Statement statement = connection.createStatement()) {
            if (args[0].startsWith("jdbc:postgresql:")) {
                for (String setting : new String[] {"parallel_setup_cost = 0", "parallel_tuple_cost = 0",
                        "min_parallel_table_scan_size = 0", "max_parallel_workers_per_gather = 4",
                        "parallel_leader_participation = off"}) {
                    statement.execute("SET " + setting);
                }
            }
            for (Map.Entry<String, String> report : reports.entrySet()) {
                System.out.println("QUERY " + report.getKey() + " " + report.getValue());
                try (ResultSet rows = statement.executeQuery(report.getValue())) {
                    print(report.getKey(), rows);
                }
            }
        }
    }

    private static void print(String report, ResultSet rows) throws Exception {
        ResultSetMetaData meta = rows.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            System.out.println("RESULT " + report + " column " + meta.getColumnLabel(i) + " " + meta.getColumnTypeName(i)
                    + " " + meta.getColumnClassName(i));
        }
        int row = 0;
        while (rows.next()) {
            StringBuilder line = new StringBuilder("RESULT " + report + " row " + ++row + ":");
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                Object value = rows.getObject(i);
                line.append(' ').append(value == null ? "null" : value.getClass().getSimpleName() + "=" + value);
            }
            System.out.println(line);
        }
    }
}
