package dev.dag.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.internal.store.Identifiers;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class IdentifiersTest {

    static Stream<String> quotableNamesWithinTheLimit() {
        return Stream.of(
                "orders",
                "clean orders",             // spaces are fine: every identifier is quoted
                "we\"ird name",             // so are double quotes, doubled when quoted
                "Größe",
                "a".repeat(63),             // exactly the limit
                "é".repeat(31) + "a",       // 63 bytes in 32 characters
                "€".repeat(21));            // 63 bytes in 21 characters
    }

    @ParameterizedTest
    @MethodSource("quotableNamesWithinTheLimit")
    void acceptsAnyQuotableNameUpTo63Bytes(String name) {
        assertEquals(name, Identifiers.requireValid(name, "table name", "load", "raw"));
        assertEquals(name, Identifiers.requireValid(name, "stage name", null, name));
    }

    static Stream<Arguments> refusedNames() {
        return Stream.of(
                Arguments.of("", "empty"),
                Arguments.of(null, "empty"),
                Arguments.of("   ", "leading or trailing blanks"),
                Arguments.of(" orders", "leading or trailing blanks"),
                Arguments.of("orders ", "leading or trailing blanks"),
                Arguments.of("ord\u0007ers", "control character"),
                Arguments.of("ord\ters", "control character"),
                Arguments.of("a".repeat(64), "longer than 63 bytes"),
                Arguments.of("é".repeat(32), "longer than 63 bytes"),     // 32 characters, 64 bytes
                Arguments.of("😀".repeat(16), "longer than 63 bytes"));   // 16 code points, 64 bytes
    }

    @ParameterizedTest
    @MethodSource("refusedNames")
    void refusesNamesNoDatabaseKeepsUnchanged(String name, String problem) {
        DefinitionException error = assertThrows(DefinitionException.class,
                () -> Identifiers.requireValid(name, "table name", "load", "raw"));

        assertTrue(error.getMessage().contains(problem), error.getMessage());
        assertTrue(error.getMessage().contains("task 'load'"), error.getMessage());
        assertTrue(error.getMessage().contains("stage 'raw'"), error.getMessage());
        assertEquals(Optional.of("load"), error.task());
        assertEquals(Optional.of("raw"), error.stage());
    }

    @Test
    void byteLimitCountsUtf8BytesNotCharacters() {
        String sixtyFourBytes = "é".repeat(32);
        assertEquals(32, sixtyFourBytes.length());
        assertEquals(64, sixtyFourBytes.getBytes(StandardCharsets.UTF_8).length);

        assertThrows(DefinitionException.class,
                () -> Identifiers.requireValid(sixtyFourBytes, "table name", null, null));
    }

    @Test
    void refusedTableNameIsAttachedToTheError() {
        DefinitionException error = assertThrows(DefinitionException.class,
                () -> Identifiers.requireValid("bad ", "table name", "load", "raw"));

        assertEquals(Optional.of("bad "), error.table());
    }

    @Test
    void controlCharactersAreShownEscapedInTheMessage() {
        DefinitionException error = assertThrows(DefinitionException.class,
                () -> Identifiers.requireValid("ord\u0007ers", "table name", null, null));

        assertTrue(error.getMessage().contains("'ord\\u0007ers'"), error.getMessage());
        assertFalse(error.getMessage().contains("\u0007"), "the raw control character must not reach the message");
    }

    @Test
    void stageNamesStartingWithDagUnderscoreAreReservedInAnyCase() {
        for (String name : new String[] {"dag_meta", "dag_data", "DAG_Stuff"}) {
            DefinitionException error = assertThrows(DefinitionException.class,
                    () -> Identifiers.requireValid(name, "stage name", null, name));
            assertTrue(error.getMessage().contains("reserved"), error.getMessage());
            assertEquals(Optional.empty(), error.table(), "a stage name is not a table name");
            assertEquals(Optional.of(name), error.stage());
        }
    }

    @Test
    void tableNamesMayStartWithDagUnderscore() {
        assertEquals("dag_meta", Identifiers.requireValid("dag_meta", "table name", "load", "raw"));
    }

    @Test
    void stageNamesMayContainDagUnderscoreAfterTheStart() {
        assertEquals("my_dag_stage", Identifiers.requireValid("my_dag_stage", "stage name", null, "my_dag_stage"));
    }

    @Test
    void errorWithoutTaskOrStageHasNoDanglingContext() {
        DefinitionException error = assertThrows(DefinitionException.class,
                () -> Identifiers.requireValid("", "table name", null, null));

        assertFalse(error.getMessage().contains(" in "), error.getMessage());
    }
}
