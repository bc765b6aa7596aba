package dev.dag.it.cache;

import static dev.dag.CacheValidationMode.FORCE_CACHE_INVALID;
import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the cache key sees: constants of every shape, and the cases where a rerun could serve stale
 * data (a cache-valid task whose committed table no longer matches its inputs or arguments).
 */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheKeyPartsIT {
    record Range(int from, int to) {}

    /** A constant whose state Jackson cannot see (private field, no getter). */
    static final class Limit {
        private final int min;

        Limit(int min) {
            this.min = min;
        }

        @Override
        public String toString() {
            return "Limit(" + min + ")";
        }
    }

    /** A task object whose state Jackson cannot see. */
    static final class Filter {
        private final int min;

        Filter(int min) {
            this.min = min;
        }

        @Materialize(version = "1")
        Table keep(Table numbers) {
            Bodies.ran("keep");
            return Table.of("SELECT i FROM " + numbers.ref() + " WHERE i >= " + min).name("kept");
        }
    }

    static volatile int offset;

    @BeforeEach
    void resetCode() {
        offset = 0;
    }

    @Materialize(version = "1")
    static Table numbers() {
        Bodies.ran("numbers");
        return Table.of("SELECT (i + " + offset + ")::INTEGER AS i FROM generate_series(0, 4) AS t(i)").name("numbers");
    }

    @Materialize(version = "1")
    static Table total(Table numbers) {
        Bodies.ran("total");
        return Table.of("SELECT sum(i)::INTEGER AS s FROM " + numbers.ref()).name("total");
    }

    @Materialize(version = "1")
    static Table inRange(Table numbers, Range range, List<Integer> excluded, Map<String, Integer> shifts,
                         Set<String> tags) {
        Bodies.ran("inRange");
        String exclusion = excluded.isEmpty() ? "" : " AND i NOT IN (" + String.join(", ",
                excluded.stream().map(String::valueOf).toList()) + ")";
        int shift = shifts.values().stream().mapToInt(Integer::intValue).sum();
        return Table.of("SELECT i + " + shift + " AS i, " + tags.size() + " AS tags FROM " + numbers.ref()
                + " WHERE i BETWEEN " + range.from() + " AND " + range.to() + exclusion).name("in_range");
    }

    @Materialize(version = "1")
    static Table atLeast(Table numbers, Limit limit) {
        Bodies.ran("atLeast");
        return Table.of("SELECT i FROM " + numbers.ref() + " WHERE i >= " + limit.min).name("at_least");
    }

    @Materialize(version = "1")
    static Table copyOf(Table query) {
        Bodies.ran("copyOf");
        return Table.of((String) query.obj()).name("copy");
    }

    record Amount(BigDecimal amount) {}

    @Materialize(version = "1")
    static Table stored(Table rows) {
        Bodies.ran("stored");
        return rows;
    }

    /** raw: numbers; clean: whatever {@code clean} calls on it. */
    private static Flow flow(Consumer<Table> clean) {
        Flow flow = new Flow("keys");
        try (flow) {
            Table numbers;
            try (Stage raw = new Stage("raw")) {
                numbers = numbers();
            }
            try (Stage stage = new Stage("clean")) {
                clean.accept(numbers);
            }
        }
        return flow;
    }

    private static Flow rangeFlow(Range range, List<Integer> excluded, Map<String, Integer> shifts, Set<String> tags) {
        return flow(numbers -> inRange(numbers, range, excluded, shifts, tags));
    }

    @OnEachDatabase
    void structuredConstantsAreComparedByValue(TestDatabase db) {
        Map<String, Integer> shifts = new LinkedHashMap<>();
        shifts.put("a", 1);
        shifts.put("b", 2);
        Set<String> tags = Set.of("x", "y");
        firstRun(db, rangeFlow(new Range(1, 3), List.of(2), shifts, tags));

        Map<String, Integer> reordered = new LinkedHashMap<>();
        reordered.put("b", 2);
        reordered.put("a", 1);
        Result same = db.run(rangeFlow(new Range(1, 3), List.of(2), reordered, tags));
        assertExecuted();
        assertOutcome(same, "inRange", CACHE_VALID, "cache-valid");

        Result record = db.run(rangeFlow(new Range(1, 4), List.of(2), reordered, tags));
        assertExecuted("inRange");
        assertOutcome(record, "inRange", RAN, "constant argument 'range' changed");
        assertRows(List.of(List.of(4, 2), List.of(6, 2), List.of(7, 2)), db.published("clean", "in_range"));

        Result list = db.run(rangeFlow(new Range(1, 4), List.of(2, 3), reordered, tags));
        assertExecuted("inRange");
        assertOutcome(list, "inRange", RAN, "constant argument 'excluded' changed");

        Result map = db.run(rangeFlow(new Range(1, 4), List.of(2, 3), Map.of("a", 1, "b", 5), tags));
        assertExecuted("inRange");
        assertOutcome(map, "inRange", RAN, "constant argument 'shifts' changed");

        Result set = db.run(rangeFlow(new Range(1, 4), List.of(2, 3), Map.of("a", 1, "b", 5), Set.of("x")));
        assertExecuted("inRange");
        assertOutcome(set, "inRange", RAN, "constant argument 'tags' changed");
        assertRows(List.of(List.of(7, 1), List.of(10, 1)), db.published("clean", "in_range"));
    }

    /** A set has no order: the same elements in another iteration order are the same constant. */
    @OnEachDatabase
    void setConstantIgnoresIterationOrder(TestDatabase db) {
        Range range = new Range(1, 3);
        firstRun(db, rangeFlow(range, List.of(), Map.of(), new LinkedHashSet<>(List.of("x", "y"))));

        Result same = db.run(rangeFlow(range, List.of(), Map.of(), new LinkedHashSet<>(List.of("y", "x"))));

        assertExecuted();
        assertOutcome(same, "inRange", CACHE_VALID, "cache-valid");
    }

    /**
     * A constant Jackson sees as {@code {}} hashes the same whatever it holds. The change must rerun the
     * task, or the flow must be refused with an error naming the argument; silently keeping the old table
     * serves stale data.
     */
    @OnEachDatabase
    void constantWithoutVisibleStateIsNotSilentlyCached(TestDatabase db) {
        assertRerunsOrRefuses(db, min -> flow(numbers -> atLeast(numbers, new Limit(min))), "atLeast", "at_least",
                "limit");
    }

    /** The same for the object of an instance task. */
    @OnEachDatabase
    void taskObjectWithoutVisibleStateIsNotSilentlyCached(TestDatabase db) {
        assertRerunsOrRefuses(db, min -> flow(numbers -> new Filter(min).keep(numbers)), "keep", "kept", "Filter");
    }

    private static void assertRerunsOrRefuses(TestDatabase db, IntFunction<Flow> flowWithMin, String task,
                                              String table, String named) {
        Result first;
        try {
            first = db.run(flowWithMin.apply(1));
        } catch (DagException refused) {
            assertTrue(refused.getMessage().contains(named), refused.getMessage());
            return;
        }
        assertOutcome(first, task, RAN, "no cache entry");
        Bodies.take();

        db.run(flowWithMin.apply(3));

        assertRows(List.of(List.of(3), List.of(4)), db.published("clean", table),
                "the table must follow the changed min (1 → 3)");
        assertExecuted(task);
    }

    /** A {@link Table} built in the flow definition and passed as a constant: its SQL is its content. */
    @OnEachDatabase
    void tableLiteralArgumentChangeRerunsTheTask(TestDatabase db) {
        firstRun(db, literalFlow("SELECT 1 AS a"));

        Result changed = db.run(literalFlow("SELECT 2 AS a"));

        assertRows(List.of(List.of(2)), db.published("s", "copy"), "the copy must follow the changed SQL");
        assertExecuted("copyOf");
        assertOutcome(changed, "copyOf", RAN, "constant argument 'query' changed");
    }

    /** The declared scale of a decimal column decides what is stored, so it is part of the constant's key. */
    @OnEachDatabase
    void declaredDecimalOfATableConstantIsPartOfTheKey(TestDatabase db) {
        firstRun(db, amountsFlow(2));

        Result changed = db.run(amountsFlow(3));

        assertOutcome(changed, "stored", RAN, "constant argument 'rows' changed");
        assertEquals(new BigDecimal("1.500"), db.published("s", "amounts").get(0).get(0),
                "the stored amount must have the newly declared scale 3");
    }

    private static Flow amountsFlow(int scale) {
        Flow flow = new Flow("amounts");
        try (flow) {
            try (Stage stage = new Stage("s")) {
                stored(Table.of(List.of(new Amount(new BigDecimal("1.5")))).name("amounts")
                        .decimal("amount", 10, scale));
            }
        }
        return flow;
    }

    private static Flow literalFlow(String sql) {
        Flow flow = new Flow("literal");
        try (flow) {
            try (Stage stage = new Stage("s")) {
                copyOf(Table.of(sql));
            }
        }
        return flow;
    }

    /**
     * FORCE_CACHE_INVALID on one stage (withStages) picks up a code change made without a version bump.
     * The rebuilt tables keep their old cache keys, so the next full run must still not keep consumers
     * computed from the replaced data.
     */
    @OnEachDatabase
    void forcedRebuildOfOneStageReachesItsConsumersOnTheNextRun(TestDatabase db) {
        Flow flow = flow(CacheKeyPartsIT::total);
        firstRun(db, flow);
        offset = 100;

        Result forced = db.run(flow, options -> options.withStages("raw").withCacheValidation(FORCE_CACHE_INVALID));
        assertExecuted("numbers");
        assertOutcome(forced, "numbers", RAN, "forced (FORCE_CACHE_INVALID)");
        assertRows(List.of(List.of(100), List.of(101), List.of(102), List.of(103), List.of(104)),
                db.published("raw", "numbers"));

        Result next = db.run(flow);

        assertRows(List.of(List.of(510)), db.published("clean", "total"),
                "total must be the sum of the committed numbers");
        assertExecuted("total");
        assertOutcome(next, "total", RAN, "input 'numbers' changed");
    }
}
