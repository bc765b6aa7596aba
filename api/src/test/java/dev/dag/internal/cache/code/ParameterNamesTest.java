package dev.dag.internal.cache.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parameter names for reasons come from {@code -parameters}, else from the local variable table that {@code -g}
 * (Maven's default) writes, and are {@code argN} only when the class file has neither.
 */
class ParameterNamesTest {
    private static final String TASKS = """
            package names;

            public class Tasks {
                public static String orders(String table, int minQty) {
                    int shadow = minQty + 1;                 // a local after the parameters
                    return table + shadow;
                }

                public String wide(long from, double ratio, String label) {
                    long local = from * 2;
                    return label + local + ratio;
                }

                public static String none() {
                    return "";
                }
            }
            """;

    @TempDir
    Path dir;

    private List<String> namesOf(List<String> javacOptions, String method) {
        Path classes = Variants.compile(dir, Map.of("names/Tasks.java", TASKS), javacOptions);
        return ParameterNames.of(Variants.method(Variants.loader(classes), "names.Tasks", method));
    }

    @Test
    void withoutParametersFlagTheLocalVariableTableGivesTheNames() {
        assertEquals(List.of("table", "minQty"), namesOf(List.of("-g"), "orders"));
    }

    @Test
    void instanceMethodsAndTwoSlotParametersAreCountedRight() {
        assertEquals(List.of("from", "ratio", "label"), namesOf(List.of("-g"), "wide"));
    }

    @Test
    void theParametersFlagAloneIsEnough() {
        assertEquals(List.of("table", "minQty"), namesOf(List.of("-g:none", "-parameters"), "orders"));
    }

    @Test
    void withNeitherTheNamesArePositions() {
        assertEquals(List.of("arg0", "arg1"), namesOf(List.of("-g:none"), "orders"));
    }

    @Test
    void aMethodWithoutParametersHasNoNames() {
        assertEquals(List.of(), namesOf(List.of("-g"), "none"));
    }
}
