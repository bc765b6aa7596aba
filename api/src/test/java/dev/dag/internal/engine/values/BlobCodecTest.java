package dev.dag.internal.engine.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A blob reads back from its JSON as the value stored, or is refused naming where it would change. */
class BlobCodecTest {
    record Limits(String text, Set<BigDecimal> values, long count, double ratio) {
    }

    record Point(int x, int y) {
    }

    /** A class without equals of its own: the same when its fields are. */
    static final class Counter {
        public long seen;
    }

    private static Object stored(Object value) throws Exception {
        return BlobCodec.readBackExactly(value, BlobCodec.toJson(value), BlobCodec.typeName(value),
                BlobCodecTest.class.getClassLoader());
    }

    private static String refusal(Object value) {
        return assertThrows(IllegalArgumentException.class, () -> stored(value)).getMessage();
    }

    @Test
    void valuesWhoseJsonKeepsTheirTypesReadBackEqual() throws Exception {
        Limits limits = new Limits("a", Set.of(new BigDecimal("1.50"), new BigDecimal("1E+3")), 10_000_000_000L,
                Double.NaN);
        assertEquals(limits, stored(limits));
        assertEquals(Map.of("n", 1, "s", "x"), stored(Map.of("n", 1, "s", "x")));
        assertEquals(List.of(1, 2), stored(List.of(1, 2)));
        assertEquals(new TreeSet<>(Set.of("b", "a")), stored(new TreeSet<>(Set.of("b", "a"))));
        assertEquals(Instant.parse("2024-03-31T01:30:00.123456789Z"), stored(Instant.parse("2024-03-31T01:30:00.123456789Z")));
        Counter counter = new Counter();
        counter.seen = 7;
        assertEquals(7, ((Counter) stored(counter)).seen);
    }

    @Test
    void aSetReadsBackAsASetNotAList() throws Exception {
        assertTrue(stored(Set.of("a", "b")) instanceof Set<?>);
    }

    @Test
    void aLongInAnUntypedMapIsRefusedNamingItsKeyAndBothTypes() {
        String message = refusal(Map.of("rows", 5L));
        assertTrue(message.contains("[\"rows\"]: 5 (java.lang.Long) comes back as 5 (java.lang.Integer)"), message);
        assertTrue(message.contains("record"), message);
    }

    @Test
    void aSetInAnUntypedMapIsRefusedInsteadOfBecomingAList() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("limits", Set.of(new BigDecimal("1.5")));
        String message = refusal(settings);
        assertTrue(message.contains("[\"limits\"]: [1.5] (java.util.Set) comes back as [1.5] (java.util.ArrayList)"),
                message);
    }

    @Test
    void aDecimalInAnUntypedSetIsRefusedInsteadOfBecomingADouble() {
        String message = refusal(Set.of(new BigDecimal("1.5")));
        assertTrue(message.contains("the element 1.5 (java.math.BigDecimal) does not come back (elements come back "
                + "like 1.5 (java.lang.Double))"), message);
    }

    @Test
    void recordsInAnUntypedListAndIntegerKeysAreRefused() {
        List<Object> points = new ArrayList<>(List.of(new Point(1, 2)));
        assertTrue(refusal(points).contains("[0]: Point[x=1, y=2]"), refusal(points));
        assertTrue(refusal(Map.of(1, "one")).contains("the key 1 (java.lang.Integer) comes back as another key"),
                refusal(Map.of(1, "one")));
    }
}
