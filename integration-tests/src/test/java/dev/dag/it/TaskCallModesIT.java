package dev.dag.it;

import static dev.dag.it.support.Rows.assertRows;
import static dev.dag.it.support.Rows.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A task method behaves in one of three ways, depending on where it is called: inside a flow definition
 * (recorded, body not run), inside a run (body runs, tables written) or anywhere else (plain Java).
 */
class TaskCallModesIT {
    record Item(int id, int qty) {
    }

    static final List<Item> ITEMS = List.of(new Item(1, 2), new Item(2, 5));
    static final AtomicInteger itemsBodies = new AtomicInteger();
    static final AtomicInteger doubledBodies = new AtomicInteger();
    static final AtomicReference<Object> materializedContent = new AtomicReference<>();

    @BeforeEach
    void resetCounters() {
        itemsBodies.set(0);
        doubledBodies.set(0);
        materializedContent.set(null);
    }

    @Materialize(version = "1")
    static Table items() {
        itemsBodies.incrementAndGet();
        return Table.of(ITEMS).name("items");
    }

    @Materialize(version = "1")
    static Table doubled(Table items) {
        doubledBodies.incrementAndGet();
        return Table.of("SELECT id, qty * 2 AS qty FROM " + items.ref()).name("doubled");
    }

    /** Materializes imperatively and returns what materialize() gave back. */
    @Materialize(version = "1")
    static Table itemsStep() {
        Table step = Table.of(ITEMS).name("items_step").materialize();
        materializedContent.set(step.obj());
        return step;
    }

    /** Calls another task from its body: that call is part of this task, not a task of its own. */
    @Materialize(version = "1")
    static Table wrapper() {
        Table inner = items();
        return Table.of("SELECT count(*) AS n FROM " + inner.materialize().ref()).name("wrapped");
    }

    /** Reads its input as records of {@link Item}. */
    @Materialize(version = "1", inputType = Item.class)
    static Table totalQty(Table items) {
        int total = 0;
        @SuppressWarnings("unchecked")
        List<Item> rows = (List<Item>) items.obj();
        for (Item item : rows) {
            total += item.qty();
        }
        return Table.of("SELECT " + total + " AS total").name("total_qty");
    }

    /** Reads its input as maps, and hands it to a task that reads its input as records. */
    @Materialize(version = "1", inputType = java.util.Map.class)
    static Table summary(Table items) {
        return totalQty(items);
    }

    @OnEachDatabase
    void aTaskCalledInsideAnotherWithAnotherInputTypeFailsNamingBothTasksAndTypes(TestDatabase db) {
        Flow flow = Flows.oneStage("modes", "raw", () -> summary(items()));

        dev.dag.DagException error = assertThrows(dev.dag.DagException.class, () -> flow.run(db.options()));

        String message = error.getMessage();
        assertTrue(message.contains("'totalQty'") && message.contains("'summary'"), message);
        assertTrue(message.contains("Item") && message.contains("Map"), message);
        assertEquals(TaskCallModesIT.class.getName(), error.getStackTrace()[0].getClassName(), "the user's line on top");
    }

    @OnEachDatabase
    void callInsideAFlowDefinitionRecordsTheTaskAndDoesNotRunItsBody(TestDatabase db) {
        Flow flow = new Flow("modes");
        Table items;
        Table doubled;
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                items = items();
                doubled = doubled(items);
            }
        }

        assertEquals(0, itemsBodies.get(), "body of items() ran during the definition");
        assertEquals(0, doubledBodies.get(), "body of doubled() ran during the definition");
        assertNotNull(items, "a Table task returns a placeholder, not null");
        assertNotNull(doubled);
        assertTrue(items.toString().contains("placeholder"), items.toString());
        assertThrows(DefinitionException.class, items::obj, "a placeholder has no data");
        assertEquals(List.of("raw"), flow.stages());
        assertTrue(db.untouched(), "defining a flow must not touch the database");
    }

    @OnEachDatabase
    void callInsideARunRunsTheBodyOnceAndWritesItsTable(TestDatabase db) {
        Flow flow = Flows.oneStage("modes", "raw", () -> doubled(items()));

        flow.run(db.options());

        assertEquals(1, itemsBodies.get());
        assertEquals(1, doubledBodies.get());
        assertRows(List.of(List.of(1, 2), List.of(2, 5)), db.published("raw", "items"));
        assertRows(List.of(List.of(1, 4), List.of(2, 10)), db.published("raw", "doubled"));
    }

    @OnEachDatabase
    void plainCallRunsTheBodyAsOrdinaryJava(TestDatabase db) {
        Table items = items();
        Table doubled = doubled(Table.of(TableRef.of("raw", "items")));

        assertEquals(1, itemsBodies.get());
        assertEquals(1, doubledBodies.get());
        assertSame(ITEMS, items.obj(), "obj() of a plain call's table is the object it was built from");
        assertEquals("items", items.name());
        assertEquals("SELECT id, qty * 2 AS qty FROM \"raw\".\"items\"", doubled.obj());
        assertTrue(db.untouched(), "a plain call must not touch any database");
    }

    @Test
    void materializeWithoutARunReturnsTheSameTable() {
        Table table = Table.of(ITEMS).name("items");

        assertSame(table, table.materialize());

        Table returned = itemsStep();
        assertSame(ITEMS, returned.obj());
        assertSame(ITEMS, materializedContent.get(), "materialize() in a plain call hands back the original object");
    }

    @OnEachDatabase
    void materializeInsideARunWritesTheTableOnceAndHandsBackAReference(TestDatabase db) {
        Flow flow = Flows.oneStage("modes", "raw", TaskCallModesIT::itemsStep);

        Result result = flow.run(db.options());

        assertInstanceOf(TableRef.class, materializedContent.get(), "materialize() in a run hands back a reference");
        assertEquals(List.of("items_step"), result.task("itemsStep").orElseThrow().tables(),
                "the returned table was already materialized and must not be written twice");
        assertEquals(2, db.count(db.table("raw", "items_step")));
    }

    @OnEachDatabase
    void taskCalledFromAnotherTaskBodyRunsAsPartOfThatTask(TestDatabase db) {
        Flow flow = Flows.oneStage("modes", "raw", TaskCallModesIT::wrapper);

        Result result = flow.run(db.options());

        assertEquals(1, itemsBodies.get());
        assertEquals(List.of("wrapper"), result.tasks().stream().map(task -> task.task()).toList());
        assertEquals(List.of("items", "wrapped"), result.task("wrapper").orElseThrow().tables());
        assertValue(2, db.value("SELECT n FROM " + db.table("raw", "wrapped")));
    }

    @OnEachDatabase
    void callOnAnotherThreadWhileAFlowIsDefinedRunsAsPlainJava(TestDatabase db) {
        Flow flow = new Flow("modes");
        Table fromOtherThread;
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                fromOtherThread = CompletableFuture.supplyAsync(TaskCallModesIT::items).join();
            }
        }

        assertEquals(1, itemsBodies.get(), "only the defining thread records task calls");
        assertSame(ITEMS, fromOtherThread.obj());
        assertEquals(List.of(), flow.run(db.options()).tasks(), "the other thread's call was recorded");
    }
}
