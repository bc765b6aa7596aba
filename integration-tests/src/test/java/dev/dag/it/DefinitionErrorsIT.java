package dev.dag.it;

import static dev.dag.it.support.Frames.assertTopFrameIn;
import static dev.dag.it.support.Frames.assertTopFrameIs;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.Frames;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Mistakes in a flow definition are refused while the flow is defined, with a {@link DefinitionException}
 * that names the task, table and stage concerned, says what to do, and points at the user's line.
 */
class DefinitionErrorsIT {

    @Materialize(version = "1")
    static String text() {
        return "not a table";
    }

    @Materialize(version = "1")
    static List<Table> unsized() {
        return List.of(Table.of("SELECT 1 AS a"));
    }

    @Materialize(version = "1", inputType = String.class)
    static Table stringInput(Table orders) {
        return Table.of("SELECT 1 AS a");
    }

    @Materialize(version = "1")
    static Table orders() {
        return Table.of("SELECT 1 AS id").name("orders");
    }

    @Materialize(version = "1")
    static Blob settings() {
        return Blob.of(List.of(1, 2)).name("settings");
    }

    @Materialize(version = "1")
    static Table copy(Table orders) {
        return Table.of("SELECT * FROM " + orders.ref()).name("copy");
    }

    /** Runs {@code mistake} inside stage "raw" of flow "errors" and returns what it threw. */
    private static DefinitionException refusedInStage(Executable mistake) {
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                return assertThrows(DefinitionException.class, mistake);
            }
        }
    }

    private static void assertMessageContains(DefinitionException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), () -> "message lacks \"" + part + "\": " + e.getMessage());
        }
    }

    @Test
    void unsupportedReturnTypeIsRefusedWhenTheTaskIsCalledInAFlow() {
        DefinitionException e = refusedInStage(DefinitionErrorsIT::text);

        assertAll(
                () -> assertMessageContains(e, "'text'", "java.lang.String", "Return Table"),
                () -> assertEquals(Optional.of("text"), e.task()),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void listOfTablesWithoutNoutIsRefused() {
        DefinitionException e = refusedInStage(DefinitionErrorsIT::unsized);

        assertAll(
                () -> assertMessageContains(e, "'unsized'", "nout"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void unsupportedInputTypeIsRefused() {
        DefinitionException e = refusedInStage(() -> stringInput(orders()));

        assertAll(
                () -> assertMessageContains(e, "'stringInput'", "inputType", "java.lang.String", "TableRef.class"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void materializeOfAPlaceholderIsRefused() {
        Table orders = null;
        int line = 0;
        DefinitionException e = null;
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                orders = orders();
                Table placeholder = orders;
                line = Frames.nextLine();
                e = assertThrows(DefinitionException.class, () -> placeholder.materialize());
            }
        }

        DefinitionException error = e;
        int expectedLine = line;
        assertAll(
                () -> assertMessageContains(error, "'orders'", "'raw'", "inside a task body"),
                () -> assertEquals(Optional.of("raw"), error.stage()),
                () -> assertTopFrameIs(DefinitionErrorsIT.class, lambdaOf(error), expectedLine, error));
    }

    @Test
    void objOfAPlaceholderIsRefused() {
        int line = 0;
        DefinitionException e = null;
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                Table placeholder = orders();
                line = Frames.nextLine();
                e = assertThrows(DefinitionException.class, () -> placeholder.obj());
            }
        }

        DefinitionException error = e;
        int expectedLine = line;
        assertAll(
                () -> assertMessageContains(error, "'orders'", "'raw'", "placeholder", "result.get"),
                () -> assertTopFrameIs(DefinitionErrorsIT.class, lambdaOf(error), expectedLine, error));
    }

    @Test
    void refOfAPlaceholderIsRefused() {
        DefinitionException e = refusedInStage(() -> orders().ref());

        assertAll(
                () -> assertMessageContains(e, "'orders'", "'raw'", "placeholder"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void objOfABlobPlaceholderIsRefused() {
        DefinitionException e = refusedInStage(() -> settings().obj());

        assertAll(
                () -> assertMessageContains(e, "'settings'", "'raw'", "placeholder"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void stageInsideAStageIsRefused() {
        int line = 0;
        DefinitionException e = null;
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage outer = new Stage("outer")) {
                line = Frames.nextLine();
                e = assertThrows(DefinitionException.class, () -> new Stage("inner"));
            }
        }

        DefinitionException error = e;
        int expectedLine = line;
        assertEquals(List.of("outer"), flow.stages(), "the refused stage must not be part of the flow");
        assertAll(
                () -> assertMessageContains(error, "'inner'", "'outer'", "close"),
                () -> assertEquals(Optional.of("inner"), error.stage()),
                () -> assertTopFrameIs(DefinitionErrorsIT.class, lambdaOf(error), expectedLine, error));
    }

    @Test
    void stageOutsideAFlowIsRefused() {
        int line = Frames.nextLine();
        DefinitionException e = assertThrows(DefinitionException.class, () -> new Stage("lonely"));

        assertAll(
                () -> assertMessageContains(e, "'lonely'", "new Flow"),
                () -> assertTopFrameIs(DefinitionErrorsIT.class, lambdaOf(e), line, e));
    }

    @Test
    void taskCalledOutsideAStageIsRefused() {
        DefinitionException e;
        Flow flow = new Flow("errors");
        try (flow) {
            e = assertThrows(DefinitionException.class, DefinitionErrorsIT::orders);
        }

        assertAll(
                () -> assertMessageContains(e, "'orders'", "'errors'", "new Stage"),
                () -> assertEquals(Optional.of("orders"), e.task()),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void stageNameUsedTwiceIsRefusedWhateverItsCase() {
        DefinitionException e;
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage first = new Stage("clean")) {
                orders();
            }
            e = assertThrows(DefinitionException.class, () -> new Stage("Clean"));
        }

        assertAll(
                () -> assertMessageContains(e, "'Clean'", "twice", "'errors'"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void flowInsideAFlowIsRefused() {
        DefinitionException e;
        Flow flow = new Flow("outer_flow");
        try (flow) {
            e = assertThrows(DefinitionException.class, () -> new Flow("inner_flow"));
        }

        assertAll(
                () -> assertMessageContains(e, "'inner_flow'", "'outer_flow'"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void runBeforeTheDefinitionIsClosedIsRefused() {
        DefinitionException e;
        Flow flow = new Flow("errors");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                orders();
            }
            e = assertThrows(DefinitionException.class, () -> flow.run());
        }

        assertAll(
                () -> assertMessageContains(e, "'errors'", "try (flow)"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void outputOfAnotherFlowIsRefusedAsInput() {
        Table foreign;
        Flow first = new Flow("first");
        try (first) {
            try (Stage raw = new Stage("raw")) {
                foreign = orders();
            }
        }
        DefinitionException e;
        Flow second = new Flow("second");
        try (second) {
            try (Stage raw = new Stage("raw")) {
                e = assertThrows(DefinitionException.class, () -> copy(foreign));
            }
        }

        assertAll(
                () -> assertMessageContains(e, "'copy'", "'first'"),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    /** The name of the lambda method that is the error's top frame, if the top frame is in this class. */
    private static String lambdaOf(Throwable error) {
        StackTraceElement top = error.getStackTrace()[0];
        return top.getMethodName().startsWith("lambda$") ? top.getMethodName() : "lambda$...";
    }
}
