package dev.dag.it.reach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializationException;
import dev.dag.RawSql;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A task returns a multi-statement SQL script (pipedag's {@code RawSql}): dag runs it in a scratch schema, keeps each
 * table it creates as a table of the stage, publishes them with the stage, caches them like other outputs, and hands
 * each to the tasks that take it by name.
 */
class SqlScriptsIT {
    record Order(Integer id, Integer qty) {
    }

    static int extraOrders;
    static String lazyExtra;
    static String readName;

    @BeforeEach
    void reset() {
        extraOrders = 0;
        lazyExtra = "";
        readName = "big";
    }

    @Materialize(version = "1")
    static Table orders(int extra) {
        List<Order> rows = new java.util.ArrayList<>(List.of(new Order(1, 2), new Order(2, 7), new Order(3, 9)));
        for (int i = 0; i < extra; i++) {
            rows.add(new Order(4 + i, 8));
        }
        return Table.of(rows);
    }

    @Materialize(version = "1")
    static RawSql split(Table orders) {
        return RawSql.of("CREATE TABLE big AS SELECT id, qty FROM " + orders.ref() + " WHERE qty >= 5;\n"
                + "CREATE TABLE small AS SELECT id, qty FROM " + orders.ref() + " WHERE qty < 5;\n"
                + "CREATE TABLE scratch_only AS SELECT 1 AS x;\n"
                + "DROP TABLE scratch_only;");
    }

    @Materialize(lazy = true)
    static RawSql totals(Table orders) {
        return RawSql.of("CREATE TABLE total AS SELECT SUM(qty) AS qty FROM " + orders.ref() + ";\n"
                + "CREATE TABLE doubled AS SELECT qty * 2 AS qty FROM total" + lazyExtra + ";");
    }

    @Materialize(version = "1")
    static Table countBig(Table big) {
        return Table.of("SELECT COUNT(*) AS n FROM " + big.ref());
    }

    @Materialize(lazy = true)
    static Table doubledAgain(Table doubled) {
        return Table.of("SELECT qty * 2 AS qty FROM " + doubled.ref());
    }

    private static Flow flow() {
        Flow flow = new Flow("scripts");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders(extraOrders);
            }
            RawSql parts;
            RawSql totals;
            try (Stage clean = new Stage("clean")) {
                parts = split(orders);
                totals = totals(orders);
            }
            try (Stage marts = new Stage("marts")) {
                countBig(parts.table(readName));
                doubledAgain(totals.table("doubled"));
            }
        }
        return flow;
    }

    private static TaskOutcome outcome(Result result, String task) {
        return result.task(task).orElseThrow().outcome();
    }

    private static long value(TestDatabase db, String stage, String table) {
        return ((Number) db.published(stage, table).get(0).get(0)).longValue();
    }

    @OnEachDatabase
    void theScriptsTablesArePublishedCachedAndCarriedOverWithoutCopying(TestDatabase db) {
        Flow flow = flow();
        Result first = PlanAgreement.runAsPlanned(db, flow, options -> options);
        assertEquals(List.of("big", "small"), first.task("split").orElseThrow().tables(), first.summary());
        assertEquals(2, db.published("clean", "big").size());
        assertEquals(1, db.published("clean", "small").size());
        assertEquals(18, value(db, "clean", "total"));
        assertEquals(36, value(db, "clean", "doubled"));
        assertEquals(2, value(db, "marts", "countBig"));
        assertEquals(72, value(db, "marts", "doubledAgain"));
        assertTrue(db.tablesIn("clean").stream().noneMatch(name -> name.contains("scratch_only")),
                "what the script dropped is not an output");
        assertTrue(db.objects("BASE TABLE").stream().noneMatch(name -> name.contains("dag_script")),
                "the scratch schema is gone");
        RawSql script = (RawSql) flow.task("split").output();
        assertEquals(List.of(new Order(2, 7), new Order(3, 9)), first.rows(script.table("big"), Order.class),
                "a result reads a table of the script through the definition's RawSql");
        TableRef big = db.physicalBehind("clean", "big");
        TableRef total = db.physicalBehind("clean", "total");

        Result again = PlanAgreement.runAsPlanned(db, flow(), options -> options);
        assertEquals(TaskOutcome.CACHE_VALID, outcome(again, "split"), again.summary());
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, outcome(again, "totals"), again.summary());
        assertEquals(TaskOutcome.CACHE_VALID, outcome(again, "countBig"), again.summary());
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, outcome(again, "doubledAgain"), again.summary());
        assertEquals(big, db.physicalBehind("clean", "big"), "carried over: the same physical table");
        assertEquals(total, db.physicalBehind("clean", "total"), "kept: the same physical table");
    }

    @OnEachDatabase
    void aChangedInputOrScriptRerunsTheScriptAndItsReaders(TestDatabase db) {
        PlanAgreement.runAsPlanned(db, flow(), options -> options);

        extraOrders = 1;
        Result changedInput = PlanAgreement.runAsPlanned(db, flow(), options -> options);
        assertEquals(TaskOutcome.RAN, outcome(changedInput, "split"), changedInput.summary());
        assertEquals(TaskOutcome.RAN, outcome(changedInput, "totals"), changedInput.summary());
        assertEquals(TaskOutcome.RAN, outcome(changedInput, "countBig"), changedInput.summary());
        assertEquals(3, value(db, "marts", "countBig"));
        assertEquals(26, value(db, "clean", "total"));
        assertEquals(104, value(db, "marts", "doubledAgain"));

        lazyExtra = " WHERE qty > 0";
        Result changedScript = PlanAgreement.runAsPlanned(db, flow(), options -> options);
        assertEquals(TaskOutcome.CACHE_VALID, outcome(changedScript, "split"), changedScript.summary());
        assertEquals(TaskOutcome.RAN, outcome(changedScript, "totals"), "a lazy script whose text changed reruns: "
                + changedScript.summary());
        assertTrue(changedScript.task("totals").orElseThrow().reason().contains("WHERE qty > 0"),
                changedScript.summary());
        assertEquals(104, value(db, "marts", "doubledAgain"), "the script's new tables hold the same values");
    }

    @OnEachDatabase
    void aScriptThatFailsCreatesAViewOrLacksATableIsRefusedNamingTaskAndStage(TestDatabase db) {
        readName = "huge";
        DagException missing = assertThrows(DagException.class, () -> db.run(flow()));
        assertTrue(missing.getMessage().contains("Task 'countBig' reads table 'huge' of the SQL script of task "
                + "'split' in stage 'clean', which created no such table; it created [big, small]."),
                missing.getMessage());
        assertTrue(db.rows("SELECT table_name FROM information_schema.tables WHERE table_schema = ?",
                db.schema("marts")).isEmpty(), "the stage was not published");
    }

    /** The same steps called one after another in an eager run; returns the run's result. */
    private static Result eagerRun(TestDatabase db) {
        RunContext run = RunContext.open(db.config(), "scripts_eager");
        try (run) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders(0);
            }
            RawSql parts;
            try (Stage clean = new Stage("clean")) {
                parts = split(orders);
            }
            assertEquals(List.of("big", "small"), parts.tableNames());
            try (Stage marts = new Stage("marts")) {
                countBig(parts.table("big"));
            }
        }
        return run.result();
    }

    @OnEachDatabase
    void anEagerRunHandsTheCallerTheScriptsTables(TestDatabase db) {
        Result first = eagerRun(db);
        assertEquals(TaskOutcome.RAN, outcome(first, "split"), first.summary());
        assertEquals(2, value(db, "marts", "countBig"));
        Result again = eagerRun(db);
        assertEquals(TaskOutcome.CACHE_VALID, outcome(again, "split"), again.summary());
        assertEquals(TaskOutcome.CACHE_VALID, outcome(again, "countBig"), again.summary());
    }

    @Materialize(version = "1")
    static RawSql withView() {
        return RawSql.of("CREATE TABLE t AS SELECT 1 AS x; CREATE VIEW v AS SELECT * FROM t;");
    }

    @Materialize(version = "1")
    static RawSql broken() {
        return RawSql.of("CREATE TABLE t AS SELECT 1 AS x; CREATE TABLE u AS SELECT * FROM no_such_table;");
    }

    @OnEachDatabase
    void viewsAndFailingStatementsAreRefused(TestDatabase db) {
        Flow views = new Flow("views");
        try (views) {
            try (Stage only = new Stage("scripts")) {
                withView();
            }
        }
        DagException view = assertThrows(DagException.class, () -> db.run(views));
        assertTrue(view.getMessage().startsWith("The SQL script of task 'withView' in stage 'scripts' creates the "
                + "view(s) [v]. A script's outputs are tables: create each as a table (CREATE TABLE v AS SELECT ...)"),
                view.getMessage());

        Flow failing = new Flow("failing");
        try (failing) {
            try (Stage only = new Stage("scripts")) {
                broken();
            }
        }
        DagException sql = assertThrows(MaterializationException.class, () -> db.run(failing));
        assertTrue(sql.getMessage().startsWith("The SQL script of task 'broken' in stage 'scripts' failed: "),
                sql.getMessage());
        assertTrue(sql.getMessage().contains("no_such_table"), sql.getMessage());
        assertTrue(db.objects("BASE TABLE").stream().noneMatch(name -> name.contains("scripts__t__")),
                "the table the script created before it failed is rolled back: " + db.objects("BASE TABLE"));
    }

    @Materialize(version = "1")
    static RawSql keyed(Table orders) {
        return RawSql.of("CREATE TABLE keyed (id INTEGER PRIMARY KEY, qty INTEGER);\n"
                + "INSERT INTO keyed SELECT id, qty FROM " + orders.ref() + ";\n"
                + "CREATE INDEX keyed_by_qty ON keyed (qty);");
    }

    private static Flow keyedFlow() {
        Flow flow = new Flow("keyed");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders(extraOrders);
            }
            try (Stage clean = new Stage("clean")) {
                keyed(orders);
            }
        }
        return flow;
    }

    /**
     * A script that declares a primary key and creates a named index, as a SQL author does, reruns: its new table
     * and the published one live side by side in the data schema until the publish, so their indexes must not share
     * a name (on PostgreSQL an index moves with its table, and index names are unique per schema). PostgreSQL keeps
     * both on the new physical table.
     */
    @OnEachDatabase
    void aScriptWithAPrimaryKeyAndANamedIndexReruns(TestDatabase db) {
        Result first = db.run(keyedFlow());
        assertEquals(TaskOutcome.RAN, outcome(first, "keyed"), first.summary());

        extraOrders = 2;
        Result rerun = db.run(keyedFlow());

        assertEquals(TaskOutcome.RAN, outcome(rerun, "keyed"), rerun.summary());
        assertEquals(5, db.published("clean", "keyed").size());
        if (db.kind() == TestDatabase.Kind.POSTGRES) {
            TableRef table = db.physicalBehind("clean", "keyed");
            assertEquals(List.of("id"), db.primaryKeyOf(table));
            assertEquals(List.of("qty"), db.indexesOf(table));
        }
        extraOrders = 3;
        Result third = db.run(keyedFlow());
        assertEquals(TaskOutcome.RAN, outcome(third, "keyed"), third.summary());
        assertEquals(6, db.published("clean", "keyed").size());
    }

    @Materialize(version = "1")
    static RawSql numbered(Table orders) {
        return RawSql.of("CREATE TABLE numbered (n SERIAL PRIMARY KEY, id INTEGER);\n"
                + "CREATE TABLE counted (n INTEGER GENERATED ALWAYS AS IDENTITY, qty INTEGER);\n"
                + "INSERT INTO numbered (id) SELECT id FROM " + orders.ref() + ";\n"
                + "INSERT INTO counted (qty) SELECT qty FROM " + orders.ref() + ";");
    }

    /**
     * On PostgreSQL a serial or identity column owns a sequence, which moves with its table as an index does, and
     * whose name the published version's table holds too: a script with one reruns.
     */
    @Test
    void onPostgresAScriptWithSerialAndIdentityColumnsReruns() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "sequences")) {
            Supplier<Flow> flow = () -> {
                Flow numberedFlow = new Flow("numbered");
                try (numberedFlow) {
                    Table orders;
                    try (Stage raw = new Stage("raw")) {
                        orders = orders(extraOrders);
                    }
                    try (Stage clean = new Stage("clean")) {
                        numbered(orders);
                    }
                }
                return numberedFlow;
            };
            assertEquals(TaskOutcome.RAN, outcome(db.run(flow.get()), "numbered"));

            extraOrders = 2;
            Result rerun = db.run(flow.get());

            assertEquals(TaskOutcome.RAN, outcome(rerun, "numbered"), rerun.summary());
            assertEquals(5, db.published("clean", "numbered").size());
            assertEquals(5, db.published("clean", "counted").size());
            db.execute("INSERT INTO " + db.physicalBehind("clean", "counted") + " (qty) VALUES (1)");
            assertEquals(6, db.published("clean", "counted").size(), "the identity still numbers new rows");
        }
    }
}
