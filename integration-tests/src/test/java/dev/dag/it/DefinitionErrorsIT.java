package dev.dag.it;

import static dev.dag.it.support.Frames.assertTopFrameAt;
import static dev.dag.it.support.Frames.assertTopFrameIn;
import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    @Test
    void unsupportedReturnTypeIsRefusedWhenTheTaskIsCalledInAFlow() {
        DefinitionException e = refusedInStage(() -> text());

        assertAll(
                () -> assertMessageContains(e, "'text'", "java.lang.String", "Return Table"),
                () -> assertEquals(Optional.of("text"), e.task()),
                () -> assertTopFrameIn(DefinitionErrorsIT.class, e));
    }

    @Test
    void listOfTablesWithoutNoutIsRefused() {
        DefinitionException e = refusedInStage(() -> unsized());

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
        int line = Frames.nextLine();
        DefinitionException e = refusedInStage(() -> orders().materialize());

        assertAll(
                () -> assertMessageContains(e, "'orders'", "'raw'", "inside a task body"),
                () -> assertEquals(Optional.of("raw"), e.stage()),
                () -> assertTopFrameAt(DefinitionErrorsIT.class, line, e));
    }

    @Test
    void objOfAPlaceholderIsRefused() {
        int line = Frames.nextLine();
        DefinitionException e = refusedInStage(() -> orders().obj());

        assertAll(
                () -> assertMessageContains(e, "'orders'", "'raw'", "placeholder", "result.get"),
                () -> assertTopFrameAt(DefinitionErrorsIT.class, line, e));
    }

    @Test
    void refOfAPlaceholderIsRefused() {
        int line = Frames.nextLine();
        DefinitionException e = refusedInStage(() -> orders().ref());

        assertAll(
                () -> assertMessageContains(e, "'orders'", "'raw'", "placeholder"),
                () -> assertTopFrameAt(DefinitionErrorsIT.class, line, e));
    }

    @Test
    void objOfABlobPlaceholderIsRefused() {
        int line = Frames.nextLine();
        DefinitionException e = refusedInStage(() -> settings().obj());

        assertAll(
                () -> assertMessageContains(e, "'settings'", "'raw'", "placeholder"),
                () -> assertTopFrameAt(DefinitionErrorsIT.class, line, e));
    }

    @Test
    void stageInsideAStageIsRefused() {
        int line = Frames.nextLine();
        DefinitionException e = refusedInStage(() -> new Stage("inner"));

        assertAll(
                () -> assertMessageContains(e, "'inner'", "'raw'", "close"),
                () -> assertEquals(Optional.of("inner"), e.stage()),
                () -> assertTopFrameAt(DefinitionErrorsIT.class, line, e));
    }

    @Test
    void stageOutsideAFlowIsRefused() {
        int line = Frames.nextLine();
        DefinitionException e = assertThrows(DefinitionException.class, () -> new Stage("lonely"));

        assertAll(
                () -> assertMessageContains(e, "'lonely'", "new Flow"),
                () -> assertTopFrameAt(DefinitionErrorsIT.class, line, e));
    }

    @Test
    void taskCalledOutsideAStageIsRefused() {
        DefinitionException e;
        Flow flow = new Flow("errors");
        try (flow) {
            e = assertThrows(DefinitionException.class, () -> orders());
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
}
