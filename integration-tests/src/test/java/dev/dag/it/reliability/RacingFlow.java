package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * The flow that concurrent runs race on: stages raw, report and checks, tasks without a version, so that every
 * run writes every table anew and every publish replaces the other run's tables; {@code check}, in the last
 * stage, reads the tables of both earlier stages of its own run. As a program (in a child JVM) it runs the flow
 * {@code repeat} times and prints {@value #FAILURES} and the count; arguments: url, user, password, prefix,
 * first generation, repeat.
 */
public final class RacingFlow {
    static final int ROWS = 1_000;
    static final String FAILURES = "dag-it: racing runs failed: ";

    private RacingFlow() {
    }

    @Materialize
    static Table orders(int generation) {
        return Table.of("SELECT id, " + generation + " AS generation FROM generate_series(1, " + ROWS + ") AS t(id)")
                .name("orders");
    }

    @Materialize
    static Table totals(Table orders) {
        return Table.of("SELECT count(*) AS n, min(generation) AS generation FROM " + orders.ref()).name("totals");
    }

    /** Reads both earlier stages' tables of its own run: a torn or dropped input shows here. */
    @Materialize
    static Table check(Table orders, Table totals) {
        return Table.of("SELECT t.n, t.generation, count(*) AS seen FROM " + totals.ref() + " t JOIN " + orders.ref()
                + " o ON o.generation = t.generation GROUP BY t.n, t.generation").name("check");
    }

    static Flow flow(int generation) {
        Flow flow = new Flow("racing");
        try (flow) {
            Table orders;
            Table totals;
            try (Stage raw = new Stage("raw")) {
                orders = orders(generation);
            }
            try (Stage report = new Stage("report")) {
                totals = totals(orders);
            }
            try (Stage checks = new Stage("checks")) {
                check(orders, totals);
            }
        }
        return flow;
    }

    /** Runs the flow {@code repeat} times, generation after generation; returns why the failed runs failed. */
    static List<String> runRepeatedly(RunOptions options, int firstGeneration, int repeat) {
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < repeat; i++) {
            try {
                Result result = flow(firstGeneration + i).run(options);
                if (!result.successful()) {
                    failed.add(result.summary());
                }
            } catch (DagException e) {
                failed.add(e.getMessage());
            }
        }
        return failed;
    }

    public static void main(String[] args) {
        try (ConfigContext config = ConfigContext.builder().instance("racing").url(args[0]).user(args[1])
                .password(args[2]).schemaPrefix(args[3]).build()) {
            List<String> failed = runRepeatedly(RunOptions.of(config), Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]));
            failed.forEach(reason -> System.out.println("dag-it: run failed: " + reason));
            System.out.println(FAILURES + failed.size());
        }
    }
}
