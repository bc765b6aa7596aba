package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeEach;

/**
 * Outputs of other tasks may reach a task inside collections, maps and records: each one is bound to its
 * stored table, seen through the consumer's {@code inputType}, and its change reruns the consumer.
 */
class ArgumentContainersIT {
    record Pair(Table first, Table second) {
    }

    static final AtomicReference<Object> seen = new AtomicReference<>();
    static volatile int secondValue = 2;

    @BeforeEach
    void reset() {
        seen.set(null);
        secondValue = 2;
    }

    @Materialize(version = "1")
    static Table first() {
        return Table.of("SELECT 1 AS n").name("first");
    }

    @Materialize(version = "1")
    static Table second(int value) {
        return Table.of("SELECT " + value + " AS n").name("second");
    }

    @Materialize(version = "1", inputType = Map.class)
    static void fromSet(Set<Table> tables) {
        seen.set(sum(tables));
    }

    @Materialize(version = "1", inputType = Map.class)
    static void fromList(List<Table> tables) {
        seen.set(sum(tables));
    }

    @Materialize(version = "1", inputType = Map.class)
    static void fromMap(Map<String, Table> tables) {
        seen.set(sum(tables.values()));
    }

    @Materialize(version = "1", inputType = Map.class)
    static void fromRecord(Pair pair) {
        seen.set(sum(List.of(pair.first(), pair.second())));
    }

    /** Reads what the run reported so far, from inside a task body. */
    @Materialize(version = "")
    static void readsTheRunsResult(Table input) {
        Result soFar = RunContext.current().orElseThrow().result();
        seen.set(soFar.tasks().stream().map(TaskResult::task).toList());
    }

    @SuppressWarnings("unchecked")
    private static int sum(Collection<Table> tables) {
        int sum = 0;
        for (Table table : tables) {
            for (Map<String, Object> row : (List<Map<String, Object>>) table.obj()) {
                sum += ((Number) row.get("n")).intValue();
            }
        }
        return sum;
    }

    private static Flow flowWith(BiConsumer<Table, Table> consumer) {
        Flow flow = new Flow("containers");
        try (flow) {
            Table first;
            Table second;
            try (Stage raw = new Stage("raw")) {
                first = first();
                second = second(secondValue);
            }
            try (Stage use = new Stage("use")) {
                consumer.accept(first, second);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void tablesInsideASetAreBoundToTheirStoredTables(TestDatabase db) {
        flowWith((a, b) -> fromSet(new LinkedHashSet<>(List.of(a, b)))).run(db.options());

        assertEquals(3, seen.get());
    }

    @OnEachDatabase
    void tablesInsideAListAMapAndARecordAreBoundToTheirStoredTables(TestDatabase db) {
        flowWith((a, b) -> fromList(List.of(a, b))).run(db.options());
        assertEquals(3, seen.get(), "list");

        flowWith((a, b) -> fromMap(Map.of("a", a, "b", b))).run(db.options());
        assertEquals(3, seen.get(), "map");

        flowWith((a, b) -> fromRecord(new Pair(a, b))).run(db.options());
        assertEquals(3, seen.get(), "record");
    }

    @OnEachDatabase
    void aChangedInputInsideASetRerunsTheConsumer(TestDatabase db) {
        flowWith((a, b) -> fromSet(new LinkedHashSet<>(List.of(a, b)))).run(db.options());
        Result unchanged = flowWith((a, b) -> fromSet(new LinkedHashSet<>(List.of(a, b)))).run(db.options());
        assertEquals(TaskOutcome.CACHE_VALID, unchanged.task("fromSet").orElseThrow().outcome());

        secondValue = 5;
        Result changed = flowWith((a, b) -> fromSet(new LinkedHashSet<>(List.of(a, b)))).run(db.options());

        assertEquals(TaskOutcome.RAN, changed.task("fromSet").orElseThrow().outcome());
        assertEquals(6, seen.get());
    }

    @OnEachDatabase
    void aTaskBodyReadsTheResultOfTheFlowRunSoFar(TestDatabase db) {
        flowWith((a, b) -> readsTheRunsResult(a)).run(db.options());

        assertEquals(List.of("first", "second"), seen.get());
        assertTrue(RunContext.current().isEmpty(), "no run is open once Flow.run returned");
    }

    @OnEachDatabase
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aListThatContainsItselfIsRefusedWithAClearError(TestDatabase db) {
        List<Object> self = new java.util.ArrayList<>();
        self.add(self);

        dev.dag.DefinitionException error = org.junit.jupiter.api.Assertions.assertThrows(
                dev.dag.DefinitionException.class, () -> flowWith((a, b) -> fromList((List) self)));

        assertTrue(error.getMessage().contains("contains itself"), error.getMessage());
        assertTrue(error.getMessage().contains("fromList"), error.getMessage());
    }
}
