package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializationException;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImperativeSmokeIT {
    static volatile String second = "SELECT * FROM %s LIMIT 1";
    static volatile String bad = "SELECT 1 AS a";

    @Materialize(lazy = true)
    static Table task() {
        Table tbl = Table.of("SELECT 1 AS a UNION ALL SELECT 2").name("t1").materialize();
        return Table.of(String.format(second, tbl.ref())).name("t2");
    }

    @Materialize(lazy = true)
    static Table failsInside() {
        Table.of("SELECT * FROM nowhere").name("broken").materialize(); 
        return Table.of("SELECT 1 AS a").name("never");
    }

    @Materialize(lazy = true)
    static Table failsAtReturn() {
        Table.of("SELECT 1 AS a").name("fine").materialize();
        return Table.of(bad).name("broken_return"); 
    }

    @TempDir Path dir;

    @Test
    void imperativeTablesAreCachedAndListed() {
        Flow flow = new Flow("imperative");
        try (flow) {
            try (Stage s = new Stage("s")) { task(); }
        }
        try (ConfigContext config = ConfigContext.duckdb(dir.resolve("t.duckdb"))) {
            Result first = flow.run(RunOptions.of(config));
            System.out.println(first.summary() + first.task("task").orElseThrow().materializations());
            Result again = flow.run(RunOptions.of(config));
            System.out.println(again.summary() + again.task("task").orElseThrow().materializations());
            assertEquals("LAZY_CACHE_VALID", again.task("task").orElseThrow().outcome().name());
            second = "SELECT * FROM %s LIMIT 2";
            Result changed = flow.run(RunOptions.of(config));
            System.out.println(changed.summary() + changed.task("task").orElseThrow().materializations());
            assertEquals(ImperativeSmokeIT.class.getName(),
                    changed.task("task").orElseThrow().materializations().get(0).callSite().getClassName());
        }
    }

    @Test
    void errorsPointAtTheUsersLine() {
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage s = new Stage("s")) { failsInside(); }
        }
        Flow flow2 = new Flow("errors2");
        try (flow2) {
            try (Stage s = new Stage("s2")) { failsAtReturn(); }
        }
        try (ConfigContext config = ConfigContext.duckdb(dir.resolve("e.duckdb"))) {
            DagException inside = assertThrows(DagException.class, () -> flow.run(RunOptions.of(config)));
            inside.printStackTrace();
            assertEquals(32, inside.getStackTrace()[0].getLineNumber());
            bad = "SELECT * FROM nowhere";
            DagException atReturn = assertThrows(MaterializationException.class, () -> flow2.run(RunOptions.of(config)));
            atReturn.printStackTrace();
            assertEquals(39, atReturn.getStackTrace()[0].getLineNumber());
            assertTrue(atReturn.getMessage().contains("broken_return"));
        }
    }
}
