package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;

class SmokeIT {
    record Row(int a, String b) {}
    static final AtomicInteger LOADS = new AtomicInteger();
    static volatile int factor = 2;

    @Materialize(version = "1")
    static Table load() {
        LOADS.incrementAndGet();
        return Table.of(List.of(new Row(1, "x"), new Row(2, "y"))).name("rows");
    }

    @Materialize(lazy = true)
    static Table doubled(Table rows) {
        return Table.of("SELECT a * " + factor + " AS a, b FROM " + rows.ref()).name("doubled");
    }

    @Materialize(version = "1", inputType = Row.class)
    static void check(Table doubled) {
        System.out.println("rows: " + doubled.obj());
    }

    @OnEachDatabase
    void runs(TestDatabase db) {
        LOADS.set(0);
        factor = 2;
        Flow flow = new Flow("smoke");
        Table out;
        try (flow) {
            Table rows;
            try (Stage s = new Stage("raw")) { rows = load(); }
            try (Stage s = new Stage("clean")) { out = doubled(rows); check(out); }
        }
        {
            ConfigContext config = db.config();
            Result result = flow.run(RunOptions.of(config));
            System.out.println(result.summary());
            assertEquals(List.of(new Row(2, "x"), new Row(4, "y")), result.rows(out, Row.class));
            Result second = flow.run(RunOptions.of(config));
            System.out.println(second.summary());
            assertEquals(1, LOADS.get());
            assertEquals(TaskOutcome.LAZY_CACHE_VALID, second.task("doubled").orElseThrow().outcome());
            assertEquals(TaskOutcome.CACHE_VALID, second.task("check").orElseThrow().outcome());
            factor = 3;
            Result third = flow.run(RunOptions.of(config));
            System.out.println(third.summary());
            assertEquals(TaskOutcome.RAN, third.task("doubled").orElseThrow().outcome());
            assertEquals(TaskOutcome.RAN, third.task("check").orElseThrow().outcome());
            assertEquals(List.of(new Row(3, "x"), new Row(6, "y")), result.rows(out, Row.class));
        }
    }
}
