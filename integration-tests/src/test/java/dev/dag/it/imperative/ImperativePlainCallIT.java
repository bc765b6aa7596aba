package dev.dag.it.imperative;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dag.Dag;
import dev.dag.Debug;
import dev.dag.Materialize;
import dev.dag.MaterializeOptions;
import dev.dag.Table;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Rule 3: with no run open, {@code materialize()}, {@code Dag.materialize} and {@code Debug.materializeTable}
 * do nothing and hand back what they were given, so that a task stays callable as a plain method. This
 * class declares a task, so the agent rewrites its calls as it does in task code.
 */
class ImperativePlainCallIT {
    static final AtomicReference<Object> plainSeen = new AtomicReference<>();

    /** A dataframe-style task: it uses obj(), which is the SQL text when no run is open. */
    @Materialize(lazy = true)
    static Table plainStyle() {
        Table step = Table.of("SELECT 1 AS a").name("step").materialize();
        plainSeen.set(step.obj());
        List<Table> group = Dag.materialize(Table.of("SELECT 2 AS b").name("other"));
        assertEquals("SELECT 2 AS b", group.get(0).obj());
        return Table.of("SELECT a + 1 AS a FROM (" + step.obj() + ") AS t").name("plain_out");
    }

    @Test
    void withoutARunMaterializeHandsBackTheTableAsItIs() {
        Table table = Table.of("SELECT 1 AS a").name("plain");

        Table same = table.materialize();

        assertSame(table, same);
        assertEquals("SELECT 1 AS a", same.obj());
        assertSame(table, table.materialize(MaterializeOptions.defaults().returnNothing()));
        assertSame(table, Debug.materializeTable(table));
        assertSame(table, Debug.materializeTable(table, MaterializeOptions.defaults().nameSuffix("_x")));
    }

    @Test
    void withoutARunDagMaterializeHandsBackTheTablesAsTheyAre() {
        Table one = Table.of("SELECT 1 AS a").name("one");
        Table two = Table.of("SELECT 2 AS b");

        List<Table> both = Dag.materialize(one, two);

        assertSame(one, both.get(0));
        assertSame(two, both.get(1));
        assertEquals("SELECT 2 AS b", both.get(1).obj());

        Map<String, Table> named = new LinkedHashMap<>();
        named.put("x", one);
        named.put("y", two);
        Map<String, Table> stored = Dag.materialize(named);
        assertEquals(List.of("x", "y"), List.copyOf(stored.keySet()));
        assertSame(one, stored.get("x"));
        assertEquals("SELECT 2 AS b", stored.get("y").obj());
        assertEquals("y", stored.get("y").name(), "an unnamed table gets its key as name");
    }

    @Test
    void taskCalledPlainlyRunsItsBodyAndReturnsTheOriginalObjects() {
        Table out = plainStyle();

        assertEquals("SELECT a + 1 AS a FROM (SELECT 1 AS a) AS t", out.obj());
        assertInstanceOf(String.class, plainSeen.get());
        assertEquals("SELECT 1 AS a", plainSeen.get());
    }
}
