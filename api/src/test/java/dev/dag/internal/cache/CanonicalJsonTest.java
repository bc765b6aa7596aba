package dev.dag.internal.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Canonical JSON is what task arguments, receivers, fingerprints and blob values are hashed from: equal
 * values must give the same text (or the cache never hits), different values different text (or the cache
 * serves stale data).
 */
class CanonicalJsonTest {

    /** Components declared out of alphabetical order. */
    record Window(String to, String from) {
    }

    /** A task object whose state is in private fields without getters. */
    static final class Pricing {
        private final String currency;
        private final BigDecimal rate;
        private final transient Object connection = new Object();
        private static int instances = 0;

        Pricing(String currency, String rate) {
            this.currency = currency;
            this.rate = new BigDecimal(rate);
            instances++;
        }
    }

    static final class NoState {
    }

    // ---- equal values, same text ----

    @Test
    void mapKeysAreSortedSoInsertionOrderDoesNotChangeTheKey() {
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", 2);
        ba.put("a", 1);
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", 2);

        assertEquals("{\"a\":1,\"b\":2}", CanonicalJson.of(ba));
        assertEquals(CanonicalJson.of(ab), CanonicalJson.of(ba));
    }

    @Test
    void nestedMapKeysAreSortedToo() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("z", 1);
        inner.put("y", 2);
        Map<String, Object> outer = new LinkedHashMap<>();
        outer.put("map", inner);
        outer.put("list", List.of(inner));

        assertEquals("{\"list\":[{\"y\":2,\"z\":1}],\"map\":{\"y\":2,\"z\":1}}", CanonicalJson.of(outer));
    }

    @Test
    void recordComponentsAreSortedByName() {
        assertEquals("{\"from\":\"2024-01-01\",\"to\":\"2024-02-01\"}",
                CanonicalJson.of(new Window("2024-02-01", "2024-01-01")));
    }

    @Test
    void setsHashTheSameWhateverTheirIterationOrder() {
        Set<String> ba = new LinkedHashSet<>(List.of("b", "a", "c"));
        Set<String> ab = new LinkedHashSet<>(List.of("a", "c", "b"));

        assertEquals("[\"a\",\"b\",\"c\"]", CanonicalJson.of(ba));
        assertEquals(CanonicalJson.of(ab), CanonicalJson.of(ba));
        assertEquals(CanonicalJson.of(new TreeSet<>(ba)), CanonicalJson.of(ba));
    }

    @Test
    void setsInsideMapsAndListsAreSortedToo() {
        Object one = Map.of("ids", List.of(new LinkedHashSet<>(List.of(3, 1, 2))));
        Object other = Map.of("ids", List.of(new LinkedHashSet<>(List.of(2, 3, 1))));

        assertEquals("{\"ids\":[[1,2,3]]}", CanonicalJson.of(one));
        assertEquals(CanonicalJson.of(other), CanonicalJson.of(one));
    }

    @Test
    void setsOfRecordsAreSortedByTheirCanonicalForm() {
        Set<Window> one = new LinkedHashSet<>(List.of(new Window("b", "c"), new Window("a", "z")));
        Set<Window> other = new LinkedHashSet<>(List.of(new Window("a", "z"), new Window("b", "c")));

        assertEquals(CanonicalJson.of(other), CanonicalJson.of(one));
    }

    @Test
    void bigDecimalsAreWrittenPlainNotInScientificNotation() {
        assertEquals("1000", CanonicalJson.of(new BigDecimal("1E+3")));
        assertEquals("0.00000001", CanonicalJson.of(new BigDecimal("1E-8")));
    }

    @Test
    void datesAreIsoTextNotTimestamps() {
        assertEquals("\"2024-03-01\"", CanonicalJson.of(LocalDate.of(2024, 3, 1)));
        assertEquals("\"2024-03-01T10:15:30\"", CanonicalJson.of(LocalDateTime.of(2024, 3, 1, 10, 15, 30)));
    }

    @Test
    void theSameValueGivesTheSameTextEveryTime() {
        Object value = Map.of("window", new Window("a", "b"), "ids", Set.of(5, 1, 9), "day", LocalDate.of(2024, 1, 31));

        assertEquals(CanonicalJson.of(value), CanonicalJson.of(value));
        assertEquals(CanonicalJson.of(value), CanonicalJson.of(Map.copyOf((Map<?, ?>) value)));
    }

    // ---- different values, different text ----

    @Test
    void listsKeepTheirOrder() {
        assertEquals("[\"b\",\"a\"]", CanonicalJson.of(List.of("b", "a")));
        assertNotEquals(CanonicalJson.of(List.of("a", "b")), CanonicalJson.of(List.of("b", "a")));
    }

    @Test
    void aNumberAndTheSameDigitsAsTextDiffer() {
        assertNotEquals(CanonicalJson.of(1), CanonicalJson.of("1"));
        assertNotEquals(CanonicalJson.of(Map.of("min", 1)), CanonicalJson.of(Map.of("min", "1")));
    }

    @Test
    void aNullValueDiffersFromAMissingKey() {
        Map<String, Object> withNull = new HashMap<>();
        withNull.put("a", null);

        assertEquals("{\"a\":null}", CanonicalJson.of(withNull));
        assertNotEquals(CanonicalJson.of(Map.of()), CanonicalJson.of(withNull));
    }

    @Test
    void nullIsJsonNull() {
        assertEquals("null", CanonicalJson.of(null));
    }

    @Test
    void bigDecimalsKeepAllTheirDigits() {
        BigDecimal one = new BigDecimal("12345678901234567.1");
        BigDecimal other = new BigDecimal("12345678901234567.2");

        assertEquals("12345678901234567.1", CanonicalJson.of(one));
        assertNotEquals(CanonicalJson.of(one), CanonicalJson.of(other));
    }

    @Test
    void longsBeyondDoublePrecisionKeepAllTheirDigits() {
        assertEquals("9007199254740993", CanonicalJson.of(9_007_199_254_740_993L));
        assertEquals("[9007199254740993]", CanonicalJson.of(Set.of(9_007_199_254_740_993L)));
    }

    @Test
    void timesKeepTheirNanoseconds() {
        Instant instant = Instant.parse("2024-01-01T00:00:00.123456789Z");

        assertEquals("\"2024-01-01T00:00:00.123456789Z\"", CanonicalJson.of(instant));
        assertNotEquals(CanonicalJson.of(instant), CanonicalJson.of(instant.plusNanos(1)));
        assertNotEquals(CanonicalJson.of(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1)),
                CanonicalJson.of(LocalDateTime.of(2024, 1, 1, 0, 0)));
    }

    @Test
    void theSameInstantAtAnotherOffsetDiffers() {
        OffsetDateTime paris = OffsetDateTime.of(2024, 1, 1, 0, 30, 0, 0, ZoneOffset.ofHours(1));

        assertEquals("\"2024-01-01T00:30:00+01:00\"", CanonicalJson.of(paris));
        assertNotEquals(CanonicalJson.of(paris), CanonicalJson.of(paris.withOffsetSameInstant(ZoneOffset.UTC)));
    }

    @Test
    void aStringWithQuotesCannotPassForStructure() {
        // the text of one argument must not be able to spell another argument's JSON
        assertNotEquals(CanonicalJson.of(List.of("a", "b")), CanonicalJson.of(List.of("a\",\"b")));
    }

    // ---- values that cannot be keyed are refused, not keyed as nothing ----

    @Test
    void anObjectWithoutVisibleStateIsRefusedRatherThanKeyedAsEmpty() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> CanonicalJson.of(new NoState()));
        assertTrue(error.getMessage().contains(NoState.class.getName()), error.getMessage());
    }

    @Test
    void anOptionalIsRefusedRatherThanKeyedWithoutItsValue() {
        // without the JDK 8 module Jackson would write {"present":true}, the same for every value
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.of(Optional.of(1)));
    }

    // ---- fields of a task object ----

    @Test
    void fieldsIncludePrivateStateWithoutGetters() {
        assertEquals("{\"currency\":\"EUR\",\"rate\":0.2}", CanonicalJson.ofFields(new Pricing("EUR", "0.2")));
        assertNotEquals(CanonicalJson.ofFields(new Pricing("EUR", "0.2")),
                CanonicalJson.ofFields(new Pricing("EUR", "0.25")));
    }

    @Test
    void fieldsLeaveOutTransientAndStaticOnes() {
        String json = CanonicalJson.ofFields(new Pricing("EUR", "0.2"));

        assertFalse(json.contains("connection"), json);
        assertFalse(json.contains("instances"), json);
    }

    @Test
    void fieldsOfAnObjectWithoutStateAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.ofFields(new NoState()));
    }

    // ---- parse ----

    @Test
    void parseReadsBackWhatWasWritten() {
        String json = CanonicalJson.of(Map.of("b", List.of(1, 2), "a", "x"));

        assertEquals(json, CanonicalJson.parse(json).toString());
    }

    @Test
    void parseRefusesText() {
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.parse("not json {"));
    }

    /**
     * A tree of maps, lists, text, whole numbers and booleans (what cache keys and call states are) is written
     * straight, without Jackson's tree: the text must be the one the tree gives, byte for byte, or every cache entry
     * would miss once (or two different values could meet). Seeded random trees, with text that needs escaping,
     * keys that are not text, and maps of every iteration order.
     */
    @Test
    void aPlainTreeIsWrittenAsTheGeneralWayWritesIt() {
        long seed = 20261202L;
        Random random = new Random(seed);
        for (int i = 0; i < 3_000; i++) {
            Object tree = plainTree(random, 0);
            assertEquals(CanonicalJson.viaTree(tree), CanonicalJson.of(tree), "seed " + seed + ", tree " + i);
        }
    }

    private static Object plainTree(Random random, int depth) {
        int kind = random.nextInt(depth >= 3 ? 6 : 8);
        switch (kind) {
            case 0:
                return null;
            case 1:
                return random.nextInt();
            case 2:
                return random.nextLong();
            case 3:
                return random.nextBoolean();
            case 4:
            case 5:
                return text(random);
            case 6: {
                Map<Object, Object> map = random.nextBoolean() ? new HashMap<>() : new LinkedHashMap<>();
                int size = random.nextInt(5);
                for (int field = 0; field < size; field++) {
                    Object key = random.nextInt(4) == 0 ? (Object) random.nextInt(20) : text(random);
                    map.put(key, plainTree(random, depth + 1));
                }
                return map;
            }
            default: {
                int size = random.nextInt(5);
                List<Object> list = new java.util.ArrayList<>();
                for (int element = 0; element < size; element++) {
                    list.add(plainTree(random, depth + 1));
                }
                return list;
            }
        }
    }

    private static String text(Random random) {
        String alphabet = "az09 \"\\/\n\t\r\u0000\u001f\u007fé€😀\u2028";
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(8);
        for (int i = 0; i < length; i++) {
            text.appendCodePoint(alphabet.codePoints().toArray()[random.nextInt((int) alphabet.codePoints().count())]);
        }
        return text.toString();
    }
}
