package dev.dag.examples;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Runs SQL statements against a DuckDB file and prints what they return, for looking at what dag
 * stored when the DuckDB command-line client is not at hand. Needs no agent:
 *
 * <pre>
 * java -cp "examples/target/classes:examples/target/lib/*" dev.dag.examples.Query dag.duckdb \
 *      "SELECT * FROM marts.region_revenue"
 * </pre>
 *
 * Run it while no pipeline is running: DuckDB lets only one process open a file.
 */
public final class Query {
    private static final int MAX_ROWS = 50;

    private Query() {
    }

    /** {@code args[0]}: the DuckDB file; every further argument: one SQL statement. */
    public static void main(String[] args) throws SQLException {
        if (args.length < 2) {
            System.err.println("usage: Query <file.duckdb> <sql> [<sql> ...]");
            System.exit(2);
        }
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + args[0]);
             Statement statement = connection.createStatement()) {
            for (int i = 1; i < args.length; i++) {
                System.out.println("> " + args[i]);
                if (statement.execute(args[i])) {
                    try (ResultSet rows = statement.getResultSet()) {
                        print(rows);
                    }
                }
            }
        }
    }

    private static void print(ResultSet rows) throws SQLException {
        ResultSetMetaData meta = rows.getMetaData();
        List<String[]> lines = new ArrayList<>();
        String[] header = new String[meta.getColumnCount()];
        for (int c = 0; c < header.length; c++) {
            header[c] = meta.getColumnLabel(c + 1);
        }
        lines.add(header);
        int count = 0;
        while (rows.next()) {
            if (++count > MAX_ROWS) {
                continue; // keep counting, print only the first rows
            }
            String[] line = new String[header.length];
            for (int c = 0; c < line.length; c++) {
                line[c] = String.valueOf(rows.getObject(c + 1));
            }
            lines.add(line);
        }
        int[] widths = new int[header.length];
        lines.forEach(line -> {
            for (int c = 0; c < line.length; c++) {
                widths[c] = Math.max(widths[c], line[c].length());
            }
        });
        for (String[] line : lines) {
            StringJoiner text = new StringJoiner("  ");
            for (int c = 0; c < line.length; c++) {
                text.add(String.format("%-" + widths[c] + "s", line[c]));
            }
            System.out.println(text.toString().stripTrailing());
        }
        System.out.println("(" + count + " rows" + (count > MAX_ROWS ? ", first " + MAX_ROWS + " shown" : "") + ")");
    }
}
