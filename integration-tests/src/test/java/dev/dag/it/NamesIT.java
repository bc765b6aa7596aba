package dev.dag.it;

import static dev.dag.it.support.Frames.assertTopFrameIn;
import static dev.dag.it.support.Messages.assertMessageContains;
import static dev.dag.it.support.Messages.assertPrintable;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.ConfigContext;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stage and table names become quoted identifiers: any text works except what no database can hold
 * (empty, control characters, more than 63 bytes), and a name is unique within its stage.
 */
class NamesIT {
    @Materialize(version = "1")
    static Table namedAs(String name) {
        return Table.of("SELECT 1 AS id").name(name);
    }

    @Materialize(version = "1")
    static Table alsoNamedAs(String name) {
        return Table.of("SELECT 2 AS id").name(name);
    }

    @Materialize(version = "1")
    static Table copyOf(Table source, String name) {
        return Table.of("SELECT * FROM " + source.ref()).name(name);
    }

    static Stream<Arguments> invalidNames() {
        return Stream.of(
                Arguments.of("", "empty"),
                Arguments.of("bell\u0007name", "control character"),
                Arguments.of("line\nbreak", "control character"),
                Arguments.of("x".repeat(64), "longer than 63 bytes"),
                Arguments.of("ä".repeat(32), "longer than 63 bytes"),
                Arguments.of(" padded", "blanks"));
    }

    static Stream<Arguments> invalidStageNames() {
        return Stream.concat(invalidNames(), Stream.of(Arguments.of("dag_data", "reserved")));
    }

    /** Runs a flow whose stage "clean" holds the tasks {@code define} calls; returns what the run threw. */
    private static DefinitionException runRefused(TestDatabase db, Runnable define) {
        Flow flow = Flows.oneStage("names", "clean", define);
        return assertThrows(DefinitionException.class, () -> flow.run(db.options()));
    }

    @OnEachDatabase
    void invalidTableNameFailsTheTaskNamingTaskAndStage(TestDatabase db) {
        assertAll(invalidNames().map(Arguments::get)
                .map(name -> () -> assertRunRefusesTableName(db, (String) name[0], (String) name[1])));
    }

    private static void assertRunRefusesTableName(TestDatabase db, String name, String problem) {
        DefinitionException e = runRefused(db, () -> namedAs(name));

        assertAll("table name with " + problem,
                () -> assertMessageContains(e, "Invalid table name", problem, "'namedAs'", "'clean'", "Give a name"),
                () -> assertPrintable(e),
                () -> assertEquals(Optional.of("namedAs"), e.task()),
                () -> assertEquals(Optional.of("clean"), e.stage()),
                () -> assertTopFrameIn(NamesIT.class, e));
        assertEquals(List.of(), db.tablesIn("clean"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("invalidStageNames")
    void invalidStageNameIsRefusedWhenTheStageIsOpened(String name, String problem) {
        DefinitionException e;
        Flow flow = new Flow("names");
        try (flow) {
            e = assertThrows(DefinitionException.class, () -> new Stage(name));
        }

        assertAll(
                () -> assertMessageContains(e, "Invalid stage name", problem),
                () -> assertPrintable(e),
                () -> assertEquals(Optional.of(name), e.stage()),
                () -> assertTopFrameIn(NamesIT.class, e));
        assertEquals(List.of(), flow.stages());
    }

    @OnEachDatabase
    void longestValidNamesWork(TestDatabase db) {
        // the schema is prefix + stage: the stage gets what the prefix leaves of the 63 bytes
        String stage = "s".repeat(63 - db.config().schemaPrefix().getBytes(StandardCharsets.UTF_8).length);
        String table = "ä".repeat(31) + "t";
        assertEquals(63, table.getBytes(StandardCharsets.UTF_8).length);
        Flow flow = new Flow("names");
        Table out;
        try (flow) {
            try (Stage longest = new Stage(stage)) {
                out = namedAs(table);
            }
        }

        Result result = flow.run(db.options());

        assertEquals(TableRef.of(db.schema(stage), table), result.get(out, TableRef.class));
        assertEquals(List.of(table), db.tablesIn(stage), () -> "the stage's schema " + db.schema(stage) + " ("
                + db.schema(stage).getBytes(StandardCharsets.UTF_8).length + " bytes with the prefix) holds the table");
        assertEquals(1, db.count(result.get(out, TableRef.class).toString()));
    }

    @OnEachDatabase
    void aStageWhoseSchemaWouldBeTruncatedIsRefusedNamingThePrefix(TestDatabase db) {
        ConfigContext prefixed = ConfigContext.builder().url(db.config().url()).user(db.config().user())
                .password(db.config().password()).schemaPrefix(db.config().schemaPrefix() + "team_").build();
        String stage = "s".repeat(60);
        Flow flow = new Flow("names");
        try (flow) {
            try (Stage longest = new Stage(stage)) {
                namedAs("t");
            }
        }

        try (prefixed) {
            DefinitionException e = assertThrows(DefinitionException.class,
                    () -> flow.run(RunOptions.of(prefixed)));
            assertMessageContains(e, "'" + stage + "'", "team_", "63 bytes", "schema_prefix");
            assertEquals(Optional.of(stage), e.stage());
        }
    }

    @OnEachDatabase
    void namesWithSpacesAndDoubleQuotesWorkAndAreQuoted(TestDatabase db) {
        Flow flow = new Flow("names");
        Table lines;
        Table copy;
        try (flow) {
            try (Stage mine = new Stage("my stage")) {
                lines = namedAs("order \"lines\"");
            }
            try (Stage next = new Stage("next \"stage\"")) {
                copy = copyOf(lines, "copy of \"lines\"");
            }
        }

        Result result = flow.run(db.options());

        assertEquals("\"" + db.schema("my stage") + "\".\"order \"\"lines\"\"\"",
                result.get(lines, TableRef.class).toString());
        assertEquals(List.of("order \"lines\""), db.tablesIn("my stage"));
        assertEquals(List.of(List.of(1)), db.published("my stage", "order \"lines\""));
        assertEquals(List.of(List.of(1)), db.published("next \"stage\"", "copy of \"lines\""));
        assertEquals(TableRef.of(db.schema("next \"stage\""), "copy of \"lines\""), result.get(copy, TableRef.class));
    }

    @OnEachDatabase
    void sameTableNameTwiceInAStageIsRefused(TestDatabase db) {
        DefinitionException e = runRefused(db, () -> {
            namedAs("orders");
            alsoNamedAs("orders");
        });

        assertAll(
                () -> assertMessageContains(e, "'orders'", "'clean'", "'namedAs'", "'alsoNamedAs'", ".name("),
                () -> assertEquals(Optional.of("orders"), e.table()),
                () -> assertEquals(Optional.of("alsoNamedAs"), e.task()),
                () -> assertTopFrameIn(NamesIT.class, e));
        assertEquals(List.of(), db.tablesIn("clean"), "a stage with a name clash must not be committed");
    }

    @OnEachDatabase
    void tableNamesThatDifferOnlyInCaseClash(TestDatabase db) {
        DefinitionException e = runRefused(db, () -> {
            namedAs("Orders");
            alsoNamedAs("orders");
        });

        assertMessageContains(e, "'orders'", "'clean'", "case");
    }

    @OnEachDatabase
    void sameTableNameInTwoStagesIsFine(TestDatabase db) {
        Flow flow = new Flow("names");
        try (flow) {
            Table first;
            try (Stage raw = new Stage("raw")) {
                first = namedAs("orders");
            }
            try (Stage clean = new Stage("clean")) {
                copyOf(first, "orders");
            }
        }

        flow.run(db.options());

        assertEquals(1, db.count(db.table("raw", "orders")));
        assertEquals(1, db.count(db.table("clean", "orders")));
    }
}
