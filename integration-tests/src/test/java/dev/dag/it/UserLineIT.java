package dev.dag.it;

import static dev.dag.it.support.Frames.assertTopFrameAt;
import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

/**
 * Failures that are not a task's own, at the start of a stage, at its publish and when a result is read, are
 * thrown with the user's line on top: the {@code flow.run()}, {@code rows(...)}, task call or block that met them.
 */
class UserLineIT {
    /** A stage whose schema is longer than the databases keep once a prefix is added: refused when it begins. */
    static final String LONG_STAGE = "stage_whose_schema_name_gets_too_long_with_a_prefix";

    record Order(int id, int qty) {
    }

    record Missing(int id, String noSuchColumn) {
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of(List.of(new Order(1, 5), new Order(2, 7))).name("orders");
    }

    @Materialize(version = "1", stage = LONG_STAGE)
    static Table ordersInTheLongStage() {
        return Table.of("SELECT 1 AS id").name("long_orders");
    }

    @Materialize(version = "1")
    static Table explode(Table orders) {
        throw new IllegalStateException("explode failed on purpose");
    }

    /** The instance of {@code db} with a schema prefix long enough to push {@link #LONG_STAGE} over the limit. */
    private static ConfigContext withLongPrefix(TestDatabase db) {
        ConfigContext config = db.config();
        ConfigContext.Builder builder = ConfigContext.builder().instance("long-prefix").url(config.url())
                .schemaPrefix(config.schemaPrefix() + "a_long_prefix_");
        if (config.user() != null) {
            builder.user(config.user()).password(config.password() == null ? "" : config.password());
        }
        return builder.build();
    }

    /** A table where dag's view of {@code stage}.{@code name} will go: its publish fails. */
    private static void squatViewName(TestDatabase db, String stage, String name) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA IF NOT EXISTS \"" + db.schema(stage) + "\"");
            statement.execute("CREATE TABLE " + db.table(stage, name) + " (squatter INTEGER)");
        }
    }

    @OnEachDatabase
    void aStageThatCannotBeginFailsAtTheFlowRunLine(TestDatabase db) {
        Flow flow = Flows.oneStage("lines", LONG_STAGE, UserLineIT::orders);
        try (ConfigContext config = withLongPrefix(db)) {
            int line = Frames.nextLine();
            DagException e = assertThrows(DagException.class, () -> flow.run(RunOptions.of(config)));

            assertMessageContains(e, "'" + LONG_STAGE + "'", "schema");
            assertEquals(Optional.of(LONG_STAGE), e.stage());
            assertTopFrameAt(UserLineIT.class, line, e);
        }
    }

    @OnEachDatabase
    void aStageThatCannotBePublishedFailsAtTheFlowRunLine(TestDatabase db) throws SQLException {
        squatViewName(db, "raw", "orders");
        Flow flow = Flows.oneStage("lines", "raw", UserLineIT::orders);

        int line = Frames.nextLine();
        DagException e = assertThrows(DagException.class, () -> flow.run(db.options()));

        assertMessageContains(e, "'raw'", "could not be published");
        assertTopFrameAt(UserLineIT.class, line, e);
    }

    @OnEachDatabase
    void anEagerTaskWhoseStageCannotBeginFailsAtTheCallLine(TestDatabase db) {
        try (ConfigContext config = withLongPrefix(db)) {
            RunContext run = RunContext.open(config, "lines");
            try (run) {
                int line = Frames.nextLine();
                DagException e = assertThrows(DagException.class, () -> ordersInTheLongStage());

                assertMessageContains(e, "'" + LONG_STAGE + "'");
                assertTopFrameAt(UserLineIT.class, line, e);
            }
        }
    }

    @OnEachDatabase
    void anEagerStageBlockThatCannotBePublishedFailsAtTheBlockLine(TestDatabase db) throws SQLException {
        squatViewName(db, "raw", "orders");
        try (RunContext run = RunContext.open(db.config(), "lines")) {
            int line = Frames.nextLine() + 3; // the closing brace of the Stage block
            DagException e = assertThrows(DagException.class, () -> {
                try (Stage raw = new Stage("raw")) {
                    orders();
                }
            });

            assertMessageContains(e, "'raw'", "could not be published");
            assertTopFrameAt(UserLineIT.class, line, e);
        }
    }

    @OnEachDatabase
    void anEagerRunWhoseLastStageCannotBePublishedFailsAtTheCloseLine(TestDatabase db) throws SQLException {
        squatViewName(db, "lines", "orders"); // the stage named after the run, committed when it closes
        RunContext run = RunContext.open(db.config(), "lines");
        orders();

        int line = Frames.nextLine();
        DagException e = assertThrows(DagException.class, () -> run.close());

        assertMessageContains(e, "'lines'", "could not be published");
        assertTopFrameAt(UserLineIT.class, line, e);
    }

    @OnEachDatabase
    void readingAnOutputThatWasNotCommittedFailsAtTheRowsLine(TestDatabase db) {
        Table[] outputs = new Table[1];
        Flow flow = new Flow("lines");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = orders();
            }
            try (Stage clean = new Stage("clean")) {
                outputs[0] = explode(orders);
            }
        }
        Result partial = assertThrows(DagException.class, () -> flow.run(db.options())).result().orElseThrow();

        int line = Frames.nextLine();
        DagException rows = assertThrows(DagException.class, () -> partial.rows(outputs[0], Order.class));
        assertMessageContains(rows, "was not committed");
        assertTopFrameAt(UserLineIT.class, line, rows);

        int getLine = Frames.nextLine();
        DagException get = assertThrows(DagException.class, () -> partial.get(outputs[0], TableRef.class));
        assertTopFrameAt(UserLineIT.class, getLine, get);
    }

    @OnEachDatabase
    void readingRowsTheRecordDoesNotFitFailsAtTheRowsLine(TestDatabase db) {
        Table[] orders = new Table[1];
        Flow flow = Flows.oneStage("lines", "raw", () -> orders[0] = orders());
        Result result = flow.run(db.options());

        int line = Frames.nextLine();
        DagException e = assertThrows(DagException.class, () -> result.rows(orders[0], Missing.class));

        assertMessageContains(e, "'orders'", "'raw'");
        assertTopFrameAt(UserLineIT.class, line, e);
    }

    @OnEachDatabase
    void readingAnOutputOfAnotherFlowFailsAtTheGetLine(TestDatabase db) {
        Table[] orders = new Table[1];
        Flows.oneStage("other", "raw", () -> orders[0] = orders());
        Result result = Flows.oneStage("lines", "raw", UserLineIT::orders).run(db.options());

        int line = Frames.nextLine();
        DagException e = assertThrows(DagException.class, () -> result.get(orders[0], TableRef.class));

        assertMessageContains(e, "flow 'lines'");
        assertTopFrameAt(UserLineIT.class, line, e);
    }
}
