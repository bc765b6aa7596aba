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
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;

/**
 * Outputs of other tasks may reach a task inside collections, maps and records: each one is bound to its
 * stored table, seen through the consumer's {@code inputType}, and its change reruns the consumer.
 */
class ArgumentContainersIT {
    record Pair(Table first, Table second) {
    }

    record Group(List<Table> tables) {
    }

    /** A mutable object holding tables: dag cannot hand a task the stored tables inside it. */
    static final class Box {
        final List<Table> tables = new ArrayList<>();
    }

    /** A mutable object without tables, hashed into the key by its state. */
    static final class Threshold {
        int value;

        Threshold(int value) {
            this.value = value;
        }
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

    @Materialize(version = "1", inputType = Map.class)
    static void fromArray(Table[] tables) {
        seen.set(sum(List.of(tables)));
    }

    @Materialize(version = "1", inputType = Map.class)
    static void fromGroup(Group group) {
        seen.set(sum(group.tables()));
    }

    @Materialize(version = "1", inputType = Map.class)
    static void fromBox(Box box) {
        seen.set(sum(box.tables));
    }

    @Materialize(version = "1")
    static void withThreshold(Threshold threshold) {
        seen.set(threshold.value);
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

    /**
     * The consumer's container gets, after the call, a table of a task called later in the same stage: the
     * consumer does not wait for it, and must see the container as it was at the call.
     */
    private static void changedAfterTheCall(TestDatabase db, String what,
                                           BiConsumer<Table, Supplier<Table>> callThenChange) {
        seen.set(null);
        flowWith((a, b) -> callThenChange.accept(a, () -> second(7))).run(db.options());

        assertEquals(1, seen.get(), what + ": the task sees its argument as it was at the call");
    }

    @OnEachDatabase
    void containersChangedAfterTheCallReachTheTaskAsTheyWereAtTheCall(TestDatabase db) {
        changedAfterTheCall(db, "list", (a, later) -> {
            List<Table> tables = new ArrayList<>(List.of(a));
            fromList(tables);
            tables.add(later.get());
        });
        changedAfterTheCall(db, "set", (a, later) -> {
            Set<Table> tables = new LinkedHashSet<>(List.of(a));
            fromSet(tables);
            tables.add(later.get());
        });
        changedAfterTheCall(db, "map", (a, later) -> {
            Map<String, Table> tables = new HashMap<>(Map.of("a", a));
            fromMap(tables);
            tables.put("later", later.get());
        });
        changedAfterTheCall(db, "array", (a, later) -> {
            Table[] tables = {a};
            fromArray(tables);
            tables[0] = later.get();
        });
        changedAfterTheCall(db, "record field", (a, later) -> {
            Group group = new Group(new ArrayList<>(List.of(a)));
            fromGroup(group);
            group.tables().add(later.get());
        });
    }

    @OnEachDatabase
    void aTableInsideAnObjectThatIsNoContainerIsRefusedAtTheCall(TestDatabase db) {
        dev.dag.DefinitionException error = org.junit.jupiter.api.Assertions.assertThrows(
                dev.dag.DefinitionException.class, () -> flowWith((a, b) -> {
                    Box box = new Box();
                    box.tables.add(a);
                    fromBox(box);
                }));

        assertTrue(error.getMessage().contains("'box'") && error.getMessage().contains("fromBox"),
                error.getMessage());
        assertTrue(error.getMessage().contains("Box"), error.getMessage());
        assertEquals(ArgumentContainersIT.class.getName(), error.getStackTrace()[0].getClassName(),
                "the user's line on top");
    }

    @OnEachDatabase
    void anObjectChangedAfterTheCallIsRefusedNamingTheArgument(TestDatabase db) {
        Flow flow = flowWith((a, b) -> {
            Threshold threshold = new Threshold(3);
            withThreshold(threshold);
            threshold.value = 5;
        });

        dev.dag.DagException error = org.junit.jupiter.api.Assertions.assertThrows(dev.dag.DagException.class,
                () -> flow.run(db.options()));

        assertTrue(error.getMessage().contains("'threshold'") && error.getMessage().contains("withThreshold")
                && error.getMessage().contains("changed after"), error.getMessage());
        assertEquals(null, seen.get(), "the body did not run with a value the call did not pass");
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
