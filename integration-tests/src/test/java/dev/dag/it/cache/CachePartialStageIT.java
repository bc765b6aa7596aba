package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.LAZY_CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskResult;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A stage of n tables where one changes: only that one is rebuilt, and every table holds the right rows. */
@ExtendWith({Bodies.class, PlansAgree.class})
class CachePartialStageIT {

    @Materialize(version = "1")
    static Table part(int index, int value) {
        Bodies.ran("part " + index);
        return Table.of("SELECT " + index + " AS idx, " + value + " AS value").name("part_" + index);
    }

    @Materialize(lazy = true)
    static Table lazyPart(int index, int value) {
        Bodies.ran("part " + index);
        return Table.of("SELECT " + index + " AS idx, " + value + " AS value").name("part_" + index);
    }

    @Materialize(version = "1")
    static Table total(List<Table> parts) {
        Bodies.ran("total");
        String union = String.join(" UNION ALL ", parts.stream().map(part -> "SELECT value FROM " + part.ref()).toList());
        return Table.of("SELECT sum(value)::INTEGER AS total FROM (" + union + ") AS parts").name("total");
    }

    static Stream<Arguments> sizes() {
        return TestDatabase.eachKind(() -> Stream.of(1, 2, 15)
                .flatMap(n -> Stream.of(Arguments.of(n, false), Arguments.of(n, true))));
    }

    private static int value(int index, int changed, boolean afterChange) {
        return afterChange && index == changed ? 1000 + index : 10 * index;
    }

    private static Flow flow(int n, boolean lazy, int changed, boolean afterChange) {
        Flow flow = new Flow("parts");
        try (flow) {
            List<Table> parts = new ArrayList<>();
            try (Stage stage = new Stage("parts")) {
                for (int i = 0; i < n; i++) {
                    int value = value(i, changed, afterChange);
                    parts.add(lazy ? lazyPart(i, value) : part(i, value));
                }
            }
            try (Stage summary = new Stage("summary")) {
                total(parts);
            }
        }
        return flow;
    }

    @ParameterizedTest(name = "{0}: n = {1}, lazy = {2}")
    @MethodSource("sizes")
    void partlyChangedStageRebuildsOnlyTheChangedTable(TestDatabase.Kind kind, int n, boolean lazy) {
        try (TestDatabase db = TestDatabase.open(kind, "parts")) {
            rebuildsOnlyTheChangedTable(db, n, lazy);
        }
    }

    private static void rebuildsOnlyTheChangedTable(TestDatabase db, int n, boolean lazy) {
        int changed = n / 2;
        String task = lazy ? "lazyPart" : "part";
        firstRun(db, flow(n, lazy, changed, false));
        List<String> before = IntStream.range(0, n).mapToObj(i -> db.viewSql("parts", "part_" + i)).toList();

        Result second = db.run(flow(n, lazy, changed, true));

        List<String> expectedBodies = new ArrayList<>(IntStream.range(0, n)
                .filter(i -> lazy || i == changed).mapToObj(i -> "part " + i).toList());
        expectedBodies.add("total");
        assertExecuted(expectedBodies.toArray(String[]::new));
        List<TaskResult> calls = second.tasks().stream().filter(result -> result.task().equals(task)).toList();
        assertEquals(n, calls.size());
        for (int i = 0; i < n; i++) {
            if (i == changed) {
                assertOutcome(calls.get(i), RAN, lazy ? "SQL changed"
                        : "constant argument 'value' changed (" + 10 * i + " → " + (1000 + i) + ")");
                assertNotEquals(before.get(i), db.viewSql("parts", "part_" + i), "part_" + i + " was rebuilt");
            } else {
                assertOutcome(calls.get(i), lazy ? LAZY_CACHE_VALID : CACHE_VALID, lazy ? "none rebuilt" : "cache-valid");
                assertEquals(before.get(i), db.viewSql("parts", "part_" + i), "part_" + i + " kept its table");
            }
            assertRows(List.of(List.of(i, value(i, changed, true))), db.published("parts", "part_" + i));
        }
        assertOutcome(second, "total", RAN, "input 'parts' changed");
        int sum = IntStream.range(0, n).map(i -> value(i, changed, true)).sum();
        assertRows(List.of(List.of(sum)), db.published("summary", "total"));

        Result third = db.run(flow(n, lazy, changed, true));
        assertExecuted(IntStream.range(0, n).filter(i -> lazy).mapToObj(i -> "part " + i).toArray(String[]::new));
        assertOutcome(third, "total", CACHE_VALID, "cache-valid");
    }
}
