package dev.dag.internal.engine.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Blob;
import dev.dag.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each return shape splits a returned value into outputs by path and joins outputs back into it. */
class ReturnShapeTest {
    record Split(Table small, Blob stats) {
    }

    private static IllegalArgumentException problem(String what) {
        return new IllegalArgumentException(what);
    }

    @Test
    void aRecordSplitsIntoItsComponentsAndJoinsBackByName() {
        Table small = Table.of("SELECT 1");
        Blob stats = Blob.of(Map.of("n", 1));

        Map<String, Object> parts = ReturnShape.RECORD.split(new Split(small, stats), Split.class, -1,
                ReturnShapeTest::problem);

        assertEquals(List.of("small", "stats"), List.copyOf(parts.keySet()));
        assertEquals(List.of("small", "stats"), ReturnShape.RECORD.paths(Split.class, -1));
        assertEquals(Blob.class, ReturnShape.RECORD.typeAt(Split.class, "stats"));
        assertEquals(new Split(small, stats), ReturnShape.RECORD.join(Split.class, -1, parts::get));
    }

    @Test
    void aListOfTheWrongSizeIsRefusedWithTheDeclaredCount() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ReturnShape.LIST.split(List.of(Table.of("SELECT 1")), List.class, 2, ReturnShapeTest::problem));

        assertTrue(error.getMessage().contains("returned 1 tables but declares @Materialize(nout = 2)"),
                error.getMessage());
    }

    @Test
    void aListJoinsItsOutputsInIndexOrder() {
        assertEquals(List.of("0", "1", "2"), ReturnShape.LIST.paths(List.class, 3));
        assertEquals(List.of("out0", "out1"), ReturnShape.LIST.join(List.class, 2, path -> "out" + path));
    }

    @Test
    void voidHasNoOutputsAndJoinsToNull() {
        assertEquals(List.of(), ReturnShape.VOID.paths(void.class, -1));
        assertEquals(Map.of(), ReturnShape.VOID.split(null, void.class, -1, ReturnShapeTest::problem));
        assertNull(ReturnShape.VOID.join(void.class, -1, path -> "unused"));
    }

    @Test
    void sqlTextBecomesATableAndItsCallerGetsAQueryOnTheStoredTable() {
        Map<String, Object> parts = ReturnShape.SQL.split("SELECT 1", String.class, -1, ReturnShapeTest::problem);
        assertEquals("SELECT 1", ((Table) parts.get("")).obj());

        assertThrows(IllegalArgumentException.class,
                () -> ReturnShape.SQL.split(42, String.class, -1, ReturnShapeTest::problem));
        Object query = ReturnShape.SQL.join(String.class, -1,
                path -> Table.of(dev.dag.TableRef.of("dag_data", "t1")));
        assertEquals("SELECT * FROM \"dag_data\".\"t1\"", query);
    }

    @Test
    void unnamedOutputsAreNamedAfterTheTaskAndTheirPath() {
        assertEquals("orders", ReturnShape.defaultName("orders", ""));
        assertEquals("orders_small", ReturnShape.defaultName("orders", "small"));
        assertEquals("orders_1", ReturnShape.defaultName("orders", "1"));
    }
}
