package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Blob;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskFailedException;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What {@link Result} tells about a run and how it reads the run's outputs, also for a failed run. */
class ResultIT {
    record Order(int id, String customer) {
    }

    static final List<Order> ORDERS = List.of(new Order(1, "ann"), new Order(2, "bob"));

    @Materialize(version = "1")
    static Table orders() {
        return Table.of(ORDERS).name("orders");
    }

    @Materialize(version = "1")
    static Blob settings() {
        return Blob.of(Map.of("currency", "EUR", "minQty", 3)).name("settings");
    }

    @Materialize(version = "1")
    static Table explode(Table orders) {
        throw new IllegalStateException("explode failed on purpose");
    }

    @Materialize(version = "1")
    static Table later(Table orders) {
        return Table.of("SELECT * FROM " + orders.ref()).name("later");
    }

    @Materialize(version = "1")
    static Table report(Table orders) {
        return Table.of("SELECT count(*) AS n FROM " + orders.ref()).name("report");
    }

    /** Outputs of the flow built by {@link #successful()}. */
    private Table orders;
    private Blob settings;

    private Flow successful() {
        Flow flow = new Flow("results");
        try (flow) {
            try (Stage clean = new Stage("clean")) {
                orders = orders();
                settings = settings();
            }
            try (Stage marts = new Stage("marts")) {
                report(orders);
            }
        }
        return flow;
    }

    /** raw: orders; clean: explode (fails), later; marts: report. */
    private Flow failing() {
        Flow flow = new Flow("results");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            try (Stage clean = new Stage("clean")) {
                explode(orders);
                later(orders);
            }
            try (Stage marts = new Stage("marts")) {
                report(orders);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void getAsTableRefGivesThePublishedQualifiedName(TestDatabase db) {
        Result result = successful().run(db.options());

        TableRef ref = result.get(orders, TableRef.class);

        assertEquals(db.schema("clean"), ref.schema());
        assertEquals("orders", ref.name());
        assertEquals("\"" + db.schema("clean") + "\".\"orders\"", ref.toString());
        assertEquals(2, db.count(ref.toString()));
    }

    @OnEachDatabase
    void rowsReadsAnOutputAsRecordsOrMaps(TestDatabase db) {
        Result result = successful().run(db.options());

        List<Order> records = result.rows(orders, Order.class).stream().sorted(Comparator.comparingInt(Order::id)).toList();
        assertEquals(ORDERS, records);
        @SuppressWarnings("rawtypes")
        List<Map> maps = result.rows(orders, Map.class);
        assertEquals(List.of(Map.of("id", 1, "customer", "ann"), Map.of("id", 2, "customer", "bob")),
                maps.stream().sorted(Comparator.comparing(row -> (Integer) row.get("id"))).toList());
    }

    @OnEachDatabase
    void getOfABlobGivesItsValue(TestDatabase db) {
        Result result = successful().run(db.options());

        assertEquals(Map.of("currency", "EUR", "minQty", 3), result.get(settings, Map.class));
    }

    @OnEachDatabase
    void taskGivesOutcomeRowsAndTablesOfEachTaskInExecutionOrder(TestDatabase db) {
        Result result = successful().run(db.options());

        assertTrue(result.successful());
        assertEquals("results", result.flowName());
        assertFalse(result.runId().isBlank());
        assertEquals(List.of("orders", "settings", "report"), result.tasks().stream().map(TaskResult::task).toList());
        TaskResult orders = result.task("orders").orElseThrow();
        assertEquals("clean", orders.stage());
        assertEquals(TaskOutcome.RAN, orders.outcome());
        assertEquals(2, orders.rowsWritten());
        assertEquals(List.of("orders"), orders.tables());
        assertTrue(orders.error().isEmpty());
        assertEquals(List.of("report"), result.task("report").orElseThrow().tables());
        assertTrue(result.task("no_such_task").isEmpty());
        assertTrue(result.summary().contains("report"), result.summary());
    }

    @OnEachDatabase
    void failedRunAttachesAResultWithFailedAndSkippedTasks(TestDatabase db) {
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> failing().run(db.options()));

        Result result = e.result().orElseThrow(() -> new AssertionError("no result attached to " + e));
        assertFalse(result.successful());
        Map<String, TaskOutcome> outcomes = result.tasks().stream()
                .collect(Collectors.toMap(TaskResult::task, TaskResult::outcome));
        assertEquals(Map.of("orders", TaskOutcome.RAN, "explode", TaskOutcome.FAILED, "later", TaskOutcome.SKIPPED,
                "report", TaskOutcome.SKIPPED), outcomes);
        DagException error = result.task("explode").orElseThrow().error().orElseThrow();
        assertSame(e, error, "the task's error is the exception the run threw");
        assertTrue(result.task("later").orElseThrow().error().isEmpty());
        assertFalse(result.task("report").orElseThrow().reason().isBlank(), "a skipped task says why");
    }

    @OnEachDatabase
    void resultOfAFailedRunReadsTheStagesItCommitted(TestDatabase db) {
        DagException e = assertThrows(DagException.class, () -> failing().run(db.options()));
        Result result = e.result().orElseThrow();

        assertEquals(TableRef.of(db.schema("raw"), "orders"), result.get(orders, TableRef.class));
        assertEquals(2, result.rows(orders, Order.class).size());
    }

    @OnEachDatabase
    void getOfAnOutputThatWasNotCommittedIsRefused(TestDatabase db) {
        Flow flow = new Flow("results");
        Table later;
        try (flow) {
            try (Stage clean = new Stage("clean")) {
                Table orders = orders();
                explode(orders);
                later = later(orders);
            }
        }
        DagException e = assertThrows(DagException.class, () -> flow.run(db.options()));

        DefinitionException refused = assertThrows(DefinitionException.class,
                () -> e.result().orElseThrow().get(later, TableRef.class));
        assertTrue(refused.getMessage().contains("'later'") && refused.getMessage().contains("not committed"),
                refused.getMessage());
    }

    @OnEachDatabase
    void getOfSomethingThatIsNotAnOutputOfTheFlowIsRefused(TestDatabase db) {
        Result result = successful().run(db.options());
        Flow other = new Flow("other");
        Table foreign;
        try (other) {
            try (Stage clean = new Stage("clean")) {
                foreign = orders();
            }
        }

        assertThrows(DefinitionException.class, () -> result.get(Table.of("SELECT 1"), TableRef.class));
        assertThrows(DefinitionException.class, () -> result.get(foreign, TableRef.class));
    }

    @OnEachDatabase
    void getOfATableAsRowsTypeIsRefusedWithAPointerToRows(TestDatabase db) {
        Result result = successful().run(db.options());

        DefinitionException e = assertThrows(DefinitionException.class, () -> result.get(orders, Order.class));
        assertTrue(e.getMessage().contains("rows("), e.getMessage());
    }
}
