package dev.dag.it;

import static dev.dag.it.support.Rows.assertRows;
import static dev.dag.it.support.Rows.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;

/**
 * A stage becomes visible only when all of it succeeded: a failed rerun leaves the previous version of
 * the stage visible and complete, keeps what earlier stages committed, and touches no later stage.
 *
 * <p>The flow: stage {@code raw} (source), stage {@code clean} (orders, then check, which can be made to
 * fail), stage {@code marts} (summary of orders). Tasks have no version, so every run executes them.
 */
class StageCommitIT {
    /** How the check task fails, when it does. */
    enum Failure {
        THROWS, BAD_SQL
    }

    static volatile int sourceRows;
    static volatile Failure failure;
    /** The database of the running test, for the task that looks at it as another reader. */
    static volatile TestDatabase database;
    static final AtomicLong committedOrdersSeenByReader = new AtomicLong();
    static final AtomicLong newOrdersSeenByReader = new AtomicLong();

    @BeforeEach
    void reset(TestDatabase db) {
        sourceRows = 3;
        failure = null;
        database = db;
        committedOrdersSeenByReader.set(-1);
        newOrdersSeenByReader.set(-1);
    }

    @Materialize
    static Table source() {
        return Table.of("SELECT id FROM generate_series(0, " + (sourceRows - 1) + ") AS t(id)").name("source");
    }

    @Materialize
    static Table orders(Table source) {
        return Table.of("SELECT id, id * 10 AS amount FROM " + source.ref()).name("orders");
    }

    /** Looks at the database the way another reader does (its own connection), then fails if asked to. */
    @Materialize
    static Table check(Table orders) {
        observeAsAnotherReader(orders);
        if (failure == Failure.THROWS) {
            throw new IllegalStateException("check failed on purpose");
        }
        String sql = failure == Failure.BAD_SQL ? "SELECT * FROM no_such_table"
                : "SELECT count(*) AS n FROM " + orders.ref();
        return Table.of(sql).name("checked");
    }

    @Materialize
    static Table independent() {
        return Table.of("SELECT 42 AS answer").name("independent");
    }

    @Materialize
    static Table summary(Table orders) {
        return Table.of("SELECT count(*) AS n, max(amount) AS top FROM " + orders.ref()).name("summary");
    }

    private static void observeAsAnotherReader(Table orders) {
        try (Connection reader = database.connect()) {
            committedOrdersSeenByReader.set(countOrMinusOne(reader, database.table("clean", "orders")));
            newOrdersSeenByReader.set(countOrMinusOne(reader, orders.ref().toString()));
        } catch (SQLException e) {
            throw new IllegalStateException("a second connection to the database failed", e);
        }
    }

    private static long countOrMinusOne(Connection connection, String table) {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + table)) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            return -1; // the table does not exist (yet)
        }
    }

    private static Flow pipeline() {
        Flow flow = new Flow("commits");
        try (flow) {
            Table source;
            Table orders;
            try (Stage raw = new Stage("raw")) {
                source = source();
            }
            try (Stage clean = new Stage("clean")) {
                orders = orders(source);
                check(orders);
                independent();
            }
            try (Stage marts = new Stage("marts")) {
                summary(orders);
            }
        }
        return flow;
    }

    /**
     * Every physical table outside dag's metadata is behind a published view (the metadata's own views aside):
     * nothing half-written is left.
     */
    private static void assertNothingUnpublishedIsLeft(TestDatabase db) {
        String metadata = db.schema(db.config().metadataSchema()) + ".";
        List<String> tables = db.objects("BASE TABLE").stream().filter(table -> !table.startsWith(metadata)).toList();
        List<String> views = db.objects("VIEW").stream().filter(view -> !view.startsWith(metadata)).toList();
        assertEquals(views.size(), tables.size(), () -> "tables: " + tables + ", views: " + views);
        Object staged = db.value("SELECT count(*) FROM \"" + db.config().schemaPrefix() + db.config().metadataSchema()
                + "\".objects WHERE state = 'staged'");
        assertEquals(0L, ((Number) staged).longValue(), "the failed run forgot what it dropped");
    }

    @OnEachDatabase
    void rerunFailingWithAnExceptionLeavesThePreviousVersionOfTheStageVisibleAndComplete(TestDatabase db) {
        assertFailedRerunLeavesThePreviousVersionVisibleAndComplete(db, Failure.THROWS);
    }

    @OnEachDatabase
    void rerunFailingWithBadSqlLeavesThePreviousVersionOfTheStageVisibleAndComplete(TestDatabase db) {
        assertFailedRerunLeavesThePreviousVersionVisibleAndComplete(db, Failure.BAD_SQL);
    }

    private static void assertFailedRerunLeavesThePreviousVersionVisibleAndComplete(TestDatabase db, Failure how) {
        pipeline().run(db.options());
        List<List<Object>> ordersBefore = db.published("clean", "orders");
        List<List<Object>> checkedBefore = db.published("clean", "checked");
        List<List<Object>> independentBefore = db.published("clean", "independent");

        sourceRows = 5;
        failure = how;
        assertThrows(DagException.class, () -> pipeline().run(db.options()));

        assertEquals(3, ordersBefore.size());
        assertEquals(ordersBefore, db.published("clean", "orders"),
                "orders was rewritten by the failed run but must not be visible");
        assertEquals(checkedBefore, db.published("clean", "checked"));
        assertEquals(independentBefore, db.published("clean", "independent"));
        assertEquals(List.of("checked", "independent", "orders"), db.tablesIn("clean"));
        assertNothingUnpublishedIsLeft(db);
    }

    @OnEachDatabase
    void readersSeeThePreviousVersionWhileTheStageIsBeingRewritten(TestDatabase db) {
        pipeline().run(db.options());
        assertEquals(-1, committedOrdersSeenByReader.get(), "first run: clean.orders is not visible before the commit");

        sourceRows = 5;
        failure = Failure.THROWS;
        assertThrows(DagException.class, () -> pipeline().run(db.options()));

        assertEquals(5, newOrdersSeenByReader.get(), "the new version of orders is written before check runs");
        assertEquals(3, committedOrdersSeenByReader.get(), "while the stage is being rewritten, readers see the "
                + "committed version");
        assertEquals(3, db.count(db.table("clean", "orders")));
    }

    @OnEachDatabase
    void stagesCommittedBeforeTheFailingStageStayCommitted(TestDatabase db) {
        pipeline().run(db.options());

        sourceRows = 5;
        failure = Failure.THROWS;
        assertThrows(DagException.class, () -> pipeline().run(db.options()));

        assertEquals(5, db.count(db.table("raw", "source")), "stage raw succeeded in the failed run and is committed");
    }

    @OnEachDatabase
    void stagesAfterTheFailingStageKeepTheirVersion(TestDatabase db) {
        pipeline().run(db.options());
        List<List<Object>> summaryBefore = db.published("marts", "summary");

        sourceRows = 5;
        failure = Failure.THROWS;
        DagException e = assertThrows(DagException.class, () -> pipeline().run(db.options()));

        assertRows(List.of(List.of(3L, 20L)), summaryBefore);
        assertEquals(summaryBefore, db.published("marts", "summary"));
        assertEquals(TaskOutcome.SKIPPED, e.result().orElseThrow().task("summary").orElseThrow().outcome());
    }

    @OnEachDatabase
    void firstRunThatFailsCommitsNoStageItTouched(TestDatabase db) {
        failure = Failure.BAD_SQL;

        assertThrows(DagException.class, () -> pipeline().run(db.options()));

        assertEquals(List.of("source"), db.tablesIn("raw"));
        assertEquals(List.of(), db.tablesIn("clean"), "the failing stage must not be visible at all");
        assertEquals(List.of(), db.tablesIn("marts"));
        assertNothingUnpublishedIsLeft(db);
    }

    @OnEachDatabase
    void successfulRerunPublishesTheNewVersionOfEveryStage(TestDatabase db) {
        pipeline().run(db.options());
        List<List<Object>> ordersBefore = db.published("clean", "orders");

        sourceRows = 5;
        pipeline().run(db.options());

        assertNotEquals(ordersBefore, db.published("clean", "orders"));
        assertEquals(5, db.count(db.table("clean", "orders")));
        assertValue(5L, db.value("SELECT n FROM " + db.table("clean", "checked")));
        assertRows(List.of(List.of(5L, 40L)), db.published("marts", "summary"));
        assertEquals(3, committedOrdersSeenByReader.get(), "during the successful rerun readers still saw version 1");
        assertNothingUnpublishedIsLeft(db);
    }

    @OnEachDatabase
    void rerunDropsTablesTheStageNoLongerHas(TestDatabase db) {
        pipeline().run(db.options());
        Flow smaller = new Flow("commits");
        try (smaller) {
            Table source;
            try (Stage raw = new Stage("raw")) {
                source = source();
            }
            try (Stage clean = new Stage("clean")) {
                orders(source);
            }
        }

        smaller.run(db.options());

        assertEquals(List.of("orders"), db.tablesIn("clean"));
        assertNothingUnpublishedIsLeft(db);
    }

    @OnEachDatabase
    void withoutFailFastIndependentTasksOfTheFailingStageStillRunButTheStageIsNotCommitted(TestDatabase db) {
        failure = Failure.THROWS;

        DagException e = assertThrows(DagException.class, () -> pipeline().run(db.options().withFailFast(false)));

        Result result = e.result().orElseThrow();
        assertEquals(TaskOutcome.FAILED, result.task("check").orElseThrow().outcome());
        assertEquals(TaskOutcome.RAN, result.task("independent").orElseThrow().outcome());
        assertEquals(List.of(), db.tablesIn("clean"));
    }

    @OnEachDatabase
    void withoutFailFastLaterTasksDoNotReadTablesOfAStageThatWasNotCommitted(TestDatabase db) {
        failure = Failure.THROWS;

        DagException e = assertThrows(DagException.class, () -> pipeline().run(db.options().withFailFast(false)));

        Result result = e.result().orElseThrow();
        assertEquals(TaskOutcome.SKIPPED, result.task("summary").orElseThrow().outcome(),
                () -> "summary reads orders of stage clean, which was not committed; got " + result.summary());
        assertEquals(List.of(), db.tablesIn("marts"));
    }
}
