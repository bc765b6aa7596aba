package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmokeIT {
    record Row(int a, String b) {}

    @Materialize(version = "1")
    static Table load() {
        return Table.of(List.of(new Row(1, "x"), new Row(2, "y"))).name("rows");
    }

    @Materialize(version = "1")
    static Table doubled(Table rows) {
        return Table.of("SELECT a * 2 AS a, b FROM " + rows.ref()).name("doubled");
    }

    @Materialize(version = "1", inputType = Row.class)
    static void check(Table doubled) {
        System.out.println("rows: " + doubled.obj());
    }

    @TempDir Path dir;

    @Test
    void runs() {
        Flow flow = new Flow("smoke");
        Table out;
        try (flow) {
            Table rows;
            try (Stage s = new Stage("raw")) { rows = load(); }
            try (Stage s = new Stage("clean")) { out = doubled(rows); check(out); }
        }
        try (ConfigContext config = ConfigContext.duckdb(dir.resolve("t.duckdb"))) {
            Result result = flow.run(RunOptions.of(config));
            System.out.println(result.summary());
            assertEquals(List.of(new Row(2, "x"), new Row(4, "y")), result.rows(out, Row.class));
        }
    }
}
