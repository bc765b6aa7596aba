package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import example.tasks.Orders;
import example.tasks.Shapes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Task methods of every shape behave as their Java says when called plainly, and as tasks in a run. */
class TaskShapesTest {
    record Row(int id, int qty) {
    }

    record Tag(String tag) {
    }

    @TempDir
    Path dir;

    @BeforeAll
    static void attachAgent() {
        DagAgent.install();
    }

    @Test
    void plainCallsReturnWhatTheBodyReturns() {
        Table orders = Table.of(TableRef.of("raw", "orders"));
        int finallyBefore = Shapes.FINALLY_RUNS.get();
        int caughtBefore = Shapes.CAUGHT.get();

        assertEquals("guarded", Shapes.guarded(orders).name());
        assertEquals(caughtBefore + 1, Shapes.CAUGHT.get(), "the body's own catch handled its exception");
        assertEquals(finallyBefore + 1, Shapes.FINALLY_RUNS.get());
        assertEquals("SELECT id, qty * 1.5 AS q0, qty * 1.5 AS q1, '0' || '1' AS labels FROM \"raw\".\"orders\" "
                + "WHERE id >= 2", Shapes.wide(2L, orders, 1.5, 2).obj());
        assertEquals("SELECT 'x' || id AS tag FROM \"raw\".\"orders\" ORDER BY id LIMIT 5",
                new Shapes("x").tagged(orders, 5L).obj());
        assertEquals("large", Shapes.split(orders, 3).large().name());
        assertEquals(2, Shapes.halves(orders).size());
        assertEquals(-10L, Shapes.sum(1, 2L, 7.9, true));
        assertEquals(0, Shapes.countDown(3));
    }

    @Test
    void plainCallOfAVoidTaskRunsItsBody() {
        int before = Shapes.VOID_RUNS.get();

        Shapes.sideEffect(Table.of(TableRef.of("raw", "orders")));

        assertEquals(before + 1, Shapes.VOID_RUNS.get());
    }

    @Test
    void checkedExceptionOfAPlainCallReachesTheCallerUnchanged() {
        int finallyBefore = Shapes.FINALLY_RUNS.get();

        IOException error = assertThrows(IOException.class, () -> Shapes.failing(Table.of(TableRef.of("raw", "x"))));

        assertEquals("disk gone", error.getMessage());
        assertEquals(finallyBefore + 1, Shapes.FINALLY_RUNS.get());
    }

    @Test
    void tasksOfEveryShapeRunInAFlow() {
        int voidBefore = Shapes.VOID_RUNS.get();
        Flow flow = new Flow("shapes");
        Table guarded;
        Table tagged;
        Shapes.Split split;
        List<Table> halves;
        try (flow) {
            Table orders;
            try (Stage stage = new Stage("raw")) {
                orders = Orders.load();
            }
            try (Stage stage = new Stage("shaped")) {
                guarded = Shapes.guarded(orders);
                Shapes.wide(2L, orders, 2.0, 1);
                tagged = new Shapes("t").tagged(orders, 2L);
                split = Shapes.split(orders, 3);
                halves = Shapes.halves(orders);
                Shapes.sideEffect(orders);
            }
        }
        assertEquals(voidBefore, Shapes.VOID_RUNS.get(), "defining runs nothing");

        try (ConfigContext config = ConfigContext.duckdb(dir.resolve("shapes.duckdb"))) {
            Result result = flow.run(RunOptions.of(config));

            assertTrue(result.successful(), result.summary());
            assertEquals(List.of(new Row(1, 3), new Row(2, 0), new Row(3, 5)), result.rows(guarded, Row.class));
            assertEquals(2, result.task("wide").orElseThrow().rowsWritten());
            assertEquals(List.of(new Tag("t1"), new Tag("t2")), result.rows(tagged, Tag.class));
            assertEquals(List.of(new Orders.Order(2, "bob", 0)), result.rows(split.small(), Orders.Order.class));
            assertEquals(List.of(new Orders.Order(2, "bob", 0), new Orders.Order(3, "cy", 5)),
                    result.rows(halves.get(1), Orders.Order.class));
            assertEquals(voidBefore + 1, Shapes.VOID_RUNS.get());
        }
    }

    @Test
    void checkedExceptionOfATaskFailsTheRunWithItAsCause() {
        Flow flow = new Flow("failing");
        try (flow) {
            Table orders;
            try (Stage stage = new Stage("raw")) {
                orders = Orders.load();
            }
            try (Stage stage = new Stage("broken")) {
                Shapes.failing(orders);
            } catch (IOException e) {
                throw new AssertionError("a recorded call does not run its body", e);
            }
        }
        int finallyBefore = Shapes.FINALLY_RUNS.get();

        try (ConfigContext config = ConfigContext.duckdb(dir.resolve("failing.duckdb"))) {
            DagException error = assertThrows(DagException.class, () -> flow.run(RunOptions.of(config)));

            assertSame(IOException.class, rootCause(error).getClass(), String.valueOf(rootCause(error)));
            assertEquals(finallyBefore + 1, Shapes.FINALLY_RUNS.get());
            assertFalse(error.result().orElseThrow().successful());
        }
    }

    private static Throwable rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return assertInstanceOf(Throwable.class, cause);
    }
}
