package dev.dag.it;

import static dev.dag.it.support.Rows.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;

/** {@code @Materialize(inputType)} decides what an input table hands the body through {@code obj()}. */
class InputTypesIT {
    record Order(int id, String customer, int qty) {
    }

    /** Names only some of the table's columns. */
    record OrderQty(int id, int qty) {
    }

    static final List<Order> ORDERS = List.of(new Order(1, "ann", 3), new Order(2, "bob", 5));
    static final AtomicReference<Object> seen = new AtomicReference<>();
    static final AtomicReference<Object> seenRef = new AtomicReference<>();
    static final AtomicReference<Object> seenCount = new AtomicReference<>();

    @BeforeEach
    void reset() {
        seen.set(null);
        seenRef.set(null);
        seenCount.set(null);
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of(ORDERS).name("orders");
    }

    @Materialize(version = "1")
    static void asReference(Table orders) {
        seen.set(orders.obj());
        seenRef.set(orders.ref());
        seenCount.set(Table.of("SELECT count(*) AS n FROM " + orders.obj()).name("counted")
                .materialize(MaterializeOptions.defaults().returnAs(Map.class)).obj());
    }

    @Materialize(version = "1", inputType = Order.class)
    static void asRecords(Table orders) {
        seen.set(orders.obj());
    }

    @Materialize(version = "1", inputType = OrderQty.class)
    static void asPartialRecords(Table orders) {
        seen.set(orders.obj());
    }

    @Materialize(version = "1", inputType = Map.class)
    static void asMaps(Table orders) {
        seen.set(orders.obj());
    }

    @Materialize(version = "1", inputType = Order.class)
    static Table totalQty(Table orders) {
        @SuppressWarnings("unchecked")
        List<Order> rows = (List<Order>) orders.obj();
        int total = rows.stream().mapToInt(Order::qty).sum();
        return Table.of("SELECT " + total + " AS total").name("total_qty");
    }

    /** A flow whose stage "use" calls {@code consumer} on the output of {@link #orders()}. */
    private static Flow flowWith(Consumer<Table> consumer) {
        Flow flow = new Flow("inputs");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            try (Stage use = new Stage("use")) {
                consumer.accept(orders);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void defaultInputTypeHandsTheBodyAReferenceToTheStoredTable(TestDatabase db) {
        flowWith(InputTypesIT::asReference).run(db.options());

        TableRef ref = assertInstanceOf(TableRef.class, seen.get());
        assertEquals(seenRef.get(), ref, "obj() and ref() name the same stored table");
        assertEquals(List.of(Map.of("n", 2L)), seenCount.get(), "the reference can be spliced into SQL");
    }

    @OnEachDatabase
    void recordInputTypeHandsTheBodyTheRowsAsRecords(TestDatabase db) {
        flowWith(InputTypesIT::asRecords).run(db.options());

        assertEquals(ORDERS, sortedRecords());
    }

    @OnEachDatabase
    void recordInputTypeReadsOnlyTheColumnsTheRecordNames(TestDatabase db) {
        flowWith(InputTypesIT::asPartialRecords).run(db.options());

        @SuppressWarnings("unchecked")
        List<OrderQty> rows = ((List<OrderQty>) seen.get()).stream().sorted(Comparator.comparingInt(OrderQty::id)).toList();
        assertEquals(List.of(new OrderQty(1, 3), new OrderQty(2, 5)), rows);
    }

    @OnEachDatabase
    void mapInputTypeHandsTheBodyTheRowsAsMaps(TestDatabase db) {
        flowWith(InputTypesIT::asMaps).run(db.options());

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = ((List<Map<String, Object>>) seen.get()).stream()
                .sorted(Comparator.comparingInt(row -> (Integer) row.get("id"))).toList();
        assertEquals(List.of(Map.of("id", 1, "customer", "ann", "qty", 3), Map.of("id", 2, "customer", "bob", "qty", 5)),
                rows);
    }

    @OnEachDatabase
    void rowsReadAsRecordsCanFeedTheTasksOwnTable(TestDatabase db) {
        flowWith(InputTypesIT::totalQty).run(db.options());

        assertValue(8, db.value("SELECT total FROM " + db.table("use", "total_qty")));
    }

    @SuppressWarnings("unchecked")
    private static List<Order> sortedRecords() {
        return ((List<Order>) seen.get()).stream().sorted(Comparator.comparingInt(Order::id)).toList();
    }
}
