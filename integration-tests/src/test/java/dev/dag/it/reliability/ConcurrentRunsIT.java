package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

class ConcurrentRunsIT {
    private static final int RUNS_PER_THREAD = 15;

    @Materialize
    static Table orders(int generation) {
        return Table.of("SELECT id, " + generation + " AS generation FROM generate_series(1, 1000) AS t(id)")
                .name("orders");
    }

    @Materialize
    static Table totals(Table orders) {
        return Table.of("SELECT count(*) AS n, max(generation) AS generation FROM " + orders.ref()).name("totals");
    }

    @Materialize
    static Table check(Table orders, Table totals) {
        return Table.of("SELECT t.n, count(*) AS seen FROM " + totals.ref() + " t CROSS JOIN " + orders.ref()
                + " o GROUP BY t.n").name("check");
    }

    static Flow flow(int generation) {
        Flow flow = new Flow("concurrent");
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

    @OnEachDatabase
    void twoRunsOfOneFlowAtOnceBothSucceed(TestDatabase db) throws Exception {
        RunOptions options = db.options();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<Future<List<String>>> results = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int thread = t;
            results.add(threads.submit(() -> {
                List<String> failures = new ArrayList<>();
                for (int i = 0; i < RUNS_PER_THREAD; i++) {
                    try {
                        Result result = flow(thread * 100 + i).run(options);
                        if (!result.successful()) {
                            failures.add(result.summary());
                        }
                    } catch (DagException e) {
                        failures.add(e.getMessage());
                    }
                }
                return failures;
            }));
        }
        List<String> failures = new ArrayList<>();
        for (Future<List<String>> result : results) {
            failures.addAll(result.get());
        }
        threads.shutdown();
        failures.forEach(System.out::println);
        assertEquals(0, failures.size(), failures.size() + " of " + 2 * RUNS_PER_THREAD + " runs failed");
    }
}
