package com.acme.etl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

/**
 * A nightly job that has never heard of dag: its steps build SQL, main runs the last query through its own
 * HikariCP pool and prints the result with its own Jackson, then the versions of both libraries it shipped.
 * Args: JDBC URL, user, password.
 */
public final class NightlyEtl {
    private NightlyEtl() {
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

    public static void main(String[] args) throws Exception {
        String query = summary(bigOrders(orders()));
        System.out.println("QUERY " + query);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(args[0]);
        if (args.length > 1 && !args[1].isEmpty()) {
            config.setUsername(args[1]);
            config.setPassword(args.length > 2 ? args[2] : "");
        }
        try (HikariDataSource pool = new HikariDataSource(config);
             Connection connection = pool.getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            System.out.println("RESULT " + new ObjectMapper().writeValueAsString(Map.of("bigOrders", rows.getLong(1))));
        }
        System.out.println("JACKSON " + com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION
                + " from " + ObjectMapper.class.getProtectionDomain().getCodeSource().getLocation());
        System.out.println("HIKARI from " + HikariDataSource.class.getProtectionDomain().getCodeSource().getLocation());
        if (Boolean.getBoolean("etl.fail")) {
            throw new IllegalStateException("the export after the queries failed");
        }
    }
}
