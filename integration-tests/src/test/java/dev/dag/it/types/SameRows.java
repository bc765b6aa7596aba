package dev.dag.it.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Equality of rows read back with rows written, the way docs/types.md promises it: {@code equals} for every value
 * (so doubles bit for bit), byte arrays by content (records compare them by identity). A failure names the first
 * row and column that differ.
 */
final class SameRows {
    private SameRows() {
    }

    /** Asserts that {@code actual} holds the records or maps of {@code expected}, in order. */
    static void assertSameRows(List<?> expected, List<?> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": number of rows");
        for (int index = 0; index < expected.size(); index++) {
            int row = index;
            Object wanted = expected.get(row);
            Object got = actual.get(row);
            if (wanted instanceof Record record) {
                assertEquals(record.getClass(), got.getClass(), what + ", row " + row);
                for (RecordComponent component : record.getClass().getRecordComponents()) {
                    assertSameValue(read(component, wanted), read(component, got),
                            what + ", row " + row + ", component " + component.getName());
                }
            } else {
                Map<?, ?> wantedMap = (Map<?, ?>) wanted;
                Map<?, ?> gotMap = (Map<?, ?>) got;
                assertEquals(wantedMap.keySet(), gotMap.keySet(), what + ", row " + row + ": keys");
                wantedMap.forEach((key, value) -> assertSameValue(value, gotMap.get(key),
                        what + ", row " + row + ", key " + key));
            }
        }
    }

    private static void assertSameValue(Object expected, Object actual, String where) {
        if (!Objects.deepEquals(expected, actual)) {
            fail(where + ": expected " + show(expected) + " but read back " + show(actual));
        }
    }

    private static String show(Object value) {
        if (value instanceof byte[] bytes) {
            return "bytes " + Arrays.toString(bytes);
        }
        return value == null ? "null" : value + " (" + value.getClass().getName() + ")";
    }

    private static Object read(RecordComponent component, Object record) {
        try {
            component.getAccessor().setAccessible(true);
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError(e);
        }
    }
}
