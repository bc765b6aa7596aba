package dev.dag.it.reach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializationException;
import dev.dag.Result;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskOutcome;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import java.util.List;

/** Columns a table declares non-nullable (pipedag's non_nullable and nullable) become NOT NULL, and guard the data. */
class NonNullableColumnsIT {
    record Order(Integer id, String customer, String comment) {
    }

    static List<Order> rows = List.of();
    static String[] nonNullable = {};
    static String[] nullable;

    @Materialize(version = "1")
    static Table orders() {
        Table table = Table.of(rows).name("orders").nonNullable(nonNullable);
        return nullable == null ? table : table.nullable(nullable);
    }

    @Materialize(lazy = true)
    static Table named(Table orders) {
        return Table.of("SELECT id, customer FROM " + orders.ref() + " WHERE customer IS NOT NULL").name("named")
                .nonNullable("customer");
    }

    private static Flow flow() {
        return Flows.twoStages("constraints", "raw", NonNullableColumnsIT::orders, "clean", NonNullableColumnsIT::named);
    }

    private static void declare(List<Order> orders, String[] notNull, String[] mayBeNull) {
        rows = orders;
        nonNullable = notNull;
        nullable = mayBeNull;
    }

    /** Each column of the physical table behind {@code stage.table} with whether it is nullable. */
    private static List<List<Object>> nullability(TestDatabase db, String stage, String table) {
        TableRef physical = db.physicalBehind(stage, table);
        return db.rows("SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = ? "
                + "AND table_name = ? ORDER BY ordinal_position", physical.schema(), physical.name());
    }

    @OnEachDatabase
    void declaredColumnsBecomeNotNullAndTheKeyFollowsThem(TestDatabase db) {
        List<Order> orders = List.of(new Order(1, "ann", null), new Order(2, "bob", "late"));
        declare(orders, new String[] {"id"}, null);
        Flow flow = flow();
        PlanAgreement.assertAgrees(flow.plan(db.options()), db.run(flow));
        assertEquals(List.of(List.of("id", "NO"), List.of("customer", "YES"), List.of("comment", "YES")),
                nullability(db, "raw", "orders"));
        assertEquals(List.of(List.of("id", "YES"), List.of("customer", "NO")), nullability(db, "clean", "named"),
                "a lazy task's SQL table");

        Result again = db.run(flow());
        assertEquals(TaskOutcome.CACHE_VALID, again.task("orders").orElseThrow().outcome(), again.summary());
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, again.task("named").orElseThrow().outcome(), again.summary());

        declare(orders, new String[] {}, new String[] {"comment"});   // all but comment NOT NULL
        Flow changed = flow();
        Result rerun = db.run(changed, options -> options.withCacheValidation(
                dev.dag.CacheValidationMode.FORCE_CACHE_INVALID));
        assertEquals(List.of(List.of("id", "NO"), List.of("customer", "NO"), List.of("comment", "YES")),
                nullability(db, "raw", "orders"));
        assertTrue(rerun.successful());
        assertEquals(List.of(List.of("id", "YES"), List.of("customer", "NO")), nullability(db, "clean", "named"),
                "the lazy table was rebuilt from its changed input, with its constraint");
    }

    @OnEachDatabase
    void aNullInADeclaredColumnFailsTheTaskNamingColumnAndRow(TestDatabase db) {
        declare(List.of(new Order(1, "ann", "x"), new Order(2, null, "y")), new String[] {"id", "customer"}, null);
        DagException failed = assertThrows(DagException.class, () -> db.run(flow()));
        assertTrue(failed instanceof MaterializationException, failed.toString());
        assertTrue(failed.getMessage().contains("Task 'orders' wrote NULL into column 'customer' of table 'orders' of "
                + "stage 'raw', which is declared non-nullable; the first row with it: "), failed.getMessage());
        assertTrue(failed.getMessage().contains("id=2"), failed.getMessage());
        assertTrue(db.untouched() || db.rows("SELECT * FROM information_schema.tables WHERE table_schema = ?",
                db.schema("raw")).isEmpty(), "the stage was not published");

        declare(List.of(new Order(1, "ann", "x")), new String[] {"customer_id"}, null);
        DefinitionException unknown = assertThrows(DefinitionException.class, () -> db.run(flow()));
        assertTrue(unknown.getMessage().contains("declares nonNullable(\"customer_id\") for table 'orders' of stage "
                + "'raw', which has no column 'customer_id'. Its columns: [id, customer, comment]"),
                unknown.getMessage());
    }
}
