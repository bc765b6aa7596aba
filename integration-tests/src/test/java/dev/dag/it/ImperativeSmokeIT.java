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
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;

class ImperativeSmokeIT {
    static volatile String second = "SELECT * FROM %s LIMIT 1";
    static volatile String bad = "SELECT 1 AS a";
    static volatile int materializeLine;
    static volatile int returnLine;

    /** The line after the caller's, so that assertions do not hard-code line numbers. */
    static int nextLine() {
        return StackWalker.getInstance().walk(frames -> frames.skip(1).findFirst().orElseThrow()).getLineNumber() + 1;
    }

    @Materialize(lazy = true)
    static Table task() {
        Table tbl = Table.of("SELECT 1 AS a UNION ALL SELECT 2").name("t1").materialize();
        return Table.of(String.format(second, tbl.ref())).name("t2");
    }

    @Materialize(lazy = true)
    static Table failsInside() {
        materializeLine = nextLine();
        Table.of("SELECT * FROM nowhere").name("broken").materialize();
        return Table.of("SELECT 1 AS a").name("never");
    }

    @Materialize(lazy = true)
    static Table failsAtReturn() {
        Table.of("SELECT 1 AS a").name("fine").materialize();
        returnLine = nextLine();
        return Table.of(bad).name("broken_return");
    }

    @OnEachDatabase
    void imperativeTablesAreCachedAndListed(TestDatabase db) {
        second = "SELECT * FROM %s LIMIT 1";
        Flow flow = new Flow("imperative");
        try (flow) {
            try (Stage s = new Stage("s")) { task(); }
        }
        {
            ConfigContext config = db.config();
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

    @OnEachDatabase
    void errorsPointAtTheUsersLine(TestDatabase db) {
        bad = "SELECT 1 AS a";
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage s = new Stage("s")) { failsInside(); }
        }
        Flow flow2 = new Flow("errors2");
        try (flow2) {
            try (Stage s = new Stage("s2")) { failsAtReturn(); }
        }
        {
            ConfigContext config = db.config();
            DagException inside = assertThrows(DagException.class, () -> flow.run(RunOptions.of(config)));
            inside.printStackTrace();
            assertEquals(materializeLine, inside.getStackTrace()[0].getLineNumber());
            bad = "SELECT * FROM nowhere";
            DagException atReturn = assertThrows(MaterializationException.class, () -> flow2.run(RunOptions.of(config)));
            atReturn.printStackTrace();
            assertEquals(returnLine, atReturn.getStackTrace()[0].getLineNumber());
            assertTrue(atReturn.getMessage().contains("broken_return"));
        }
    }
}
