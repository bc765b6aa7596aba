package dev.dag.internal.cache.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The state JSON is what task arguments and receivers are hashed from: equal states must give the same text on
 * every run (or the cache never hits), different states different text (or the cache serves stale data), and
 * what cannot be hashed must be refused with the path to it, never left out.
 */
class StateJsonTest {
    private static final StateRules PLAIN = StateRules.plain();

    /**
     * Rules with a stub for the code fingerprint of lambdas: the lambda's class name up to its per-run suffix,
     * which tells lambda expressions apart within one JVM run. The engine wires the real fingerprint (of the
     * implementation method's code), which is the same from one run to the next.
     */
    private static final StateRules LAMBDAS = new StateRules(value -> null, StateJsonTest::lambdaClassName, Map.of());

    // ---- fixtures ----

    /** A task argument whose state is a private field without getter. */
    static final class Threshold {
        private final int limit;
        private final String name;

        Threshold(int limit, String name) {
            this.limit = limit;
            this.name = name;
        }

        public String getName() {
            return name;
        }
    }

    record Days(int count) {
    }

    record Weeks(int count) {
    }

    record Tagged(String name, Set<String> tags) {
    }

    record Empty() {
    }

    enum Color { RED }

    enum Light { RED }

    static final class Regions {
        private final Set<String> regions;

        Regions(Set<String> regions) {
            this.regions = regions;
        }
    }

    static class Source {
        private final String table;

        Source(String table) {
            this.table = table;
        }
    }

    static final class FilteredSource extends Source {
        private final Threshold threshold;

        FilteredSource(String table, Threshold threshold) {
            super(table);
            this.threshold = threshold;
        }
    }

    static class Named {
        private final String name;

        Named(String name) {
            this.name = name;
        }
    }

    static final class Renamed extends Named {
        private final String name;

        Renamed(String before, String after) {
            super(before);
            this.name = after;
        }
    }

    static final class Pricing {
        private static int instances;
        private final String currency;
        private final transient Object cache;

        Pricing(String currency, Object cache) {
            this.currency = currency;
            this.cache = cache;
            instances++;
        }
    }

    /** A legacy task class that holds its connection. */
    static final class LegacyJob {
        private final Connection connection;
        private final String schema;

        LegacyJob(Connection connection, String schema) {
            this.connection = connection;
            this.schema = schema;
        }
    }

    static final class Config {
        private final String schema;
        private final Connection connection;

        Config(String schema, Connection connection) {
            this.schema = schema;
            this.connection = connection;
        }
    }

    static final class Marker {
    }

    /** No fields, but all instances are equal: the class says everything. */
    static final class Upper {
        @Override
        public boolean equals(Object other) {
            return other instanceof Upper;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    static final class Holder {
        private final Object held;

        Holder(Object held) {
            this.held = held;
        }
    }

    static final class Node {
        private final String name;
        private final List<Node> children = new ArrayList<>();
        private Node parent;

        Node(String name) {
            this.name = name;
        }
    }

    /** Stands for dag's {@code Table}: the engine hashes it itself. */
    static final class FakeTable {
        private final String name;

        FakeTable(String name) {
            this.name = name;
        }
    }

    static final class SeededRandom extends Random {
        private final String label = "x";
    }

    static IntPredicate above(int limit) {
        return value -> value > limit;
    }

    static IntPredicate below(int limit) {
        return value -> value < limit;
    }

    private static String lambdaClassName(Object value) {
        String name = value.getClass().getName();
        return value.getClass().isHidden() && name.contains("$$Lambda") ? name.substring(0, name.indexOf('/')) : null;
    }

    private static Connection connection() {
        return (Connection) Proxy.newProxyInstance(StateJsonTest.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static String of(Object value) {
        return StateJson.of(value, PLAIN);
    }

    // ---- state Jackson cannot see ----

    @Test
    void aPrivateFieldWithoutGetterIsPartOfTheState() {
        // filtered(new Threshold(3, "x")) and then filtered(new Threshold(8, "x")) must not share a key
        assertEquals("{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$Threshold\",\"fields\":{\"limit\":3,"
                + "\"name\":\"x\"}}", of(new Threshold(3, "x")));
        assertNotEquals(of(new Threshold(3, "x")), of(new Threshold(8, "x")));
        assertEquals(of(new Threshold(3, "x")), of(new Threshold(3, "x")));
    }

    @Test
    void fieldsOfSuperclassesArePartOfTheStateOfNestedObjects() {
        FilteredSource source = new FilteredSource("orders", new Threshold(3, "x"));

        assertEquals("{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$FilteredSource\",\"fields\":{\"table\":"
                + "\"orders\",\"threshold\":{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$Threshold\","
                + "\"fields\":{\"limit\":3,\"name\":\"x\"}}}}", of(source));
        assertNotEquals(of(source), of(new FilteredSource("returns", new Threshold(3, "x"))));
        assertNotEquals(of(source), of(new FilteredSource("orders", new Threshold(4, "x"))));
    }

    @Test
    void aSuperclassFieldHiddenByASubclassFieldIsKeptUnderItsClassName() {
        assertEquals("{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$Renamed\",\"fields\":{"
                + "\"dev.dag.internal.cache.state.StateJsonTest$Named.name\":\"a\",\"name\":\"b\"}}",
                of(new Renamed("a", "b")));
        assertNotEquals(of(new Renamed("a", "b")), of(new Renamed("c", "b")));
    }

    @Test
    void transientFieldsAreLeftOut() {
        assertEquals(of(new Pricing("EUR", new Object())), of(new Pricing("EUR", List.of(1))));
        assertFalse(of(new Pricing("EUR", null)).contains("\"cache\""));
    }

    @Test
    void staticFieldsAreLeftOut() {
        String json = of(new Pricing("EUR", null));

        assertEquals("{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$Pricing\",\"fields\":{\"currency\":"
                + "\"EUR\"}}", json);
        assertEquals(json, of(new Pricing("EUR", null)));
    }

    @Test
    void ignoredFieldsAreLeftOut() {
        StateRules rules = new StateRules(value -> null, value -> null,
                Map.of(LegacyJob.class.getName(), Set.of("connection")));

        assertEquals("{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$LegacyJob\",\"fields\":{\"schema\":"
                + "\"sales\"}}", StateJson.ofReceiver(new LegacyJob(connection(), "sales"), rules));
        assertNotEquals(StateJson.ofReceiver(new LegacyJob(connection(), "sales"), rules),
                StateJson.ofReceiver(new LegacyJob(connection(), "hr"), rules));
    }

    // ---- types ----

    @Test
    void recordsOfDifferentTypesWithTheSameComponentsDiffer() {
        assertEquals("{\"$record\":\"dev.dag.internal.cache.state.StateJsonTest$Days\",\"fields\":{\"count\":7}}",
                of(new Days(7)));
        assertNotEquals(of(new Days(7)), of(new Weeks(7)));
        assertNotEquals(of(List.<Object>of(new Days(7))), of(List.<Object>of(new Weeks(7))));
    }

    @Test
    void enumsOfDifferentTypesWithTheSameConstantNameDiffer() {
        assertEquals("{\"$enum\":\"dev.dag.internal.cache.state.StateJsonTest$Color\",\"name\":\"RED\"}",
                of(Color.RED));
        assertNotEquals(of(Color.RED), of(Light.RED));
    }

    @Test
    void integralNumbersAreKeyedByValueWhateverTheirJavaType() {
        assertEquals("1", of(1));
        assertEquals(of(1), of(1L));
        assertEquals(of(1), of(BigInteger.ONE));
        assertEquals("9007199254740993", of(9_007_199_254_740_993L));
    }

    @Test
    void aNumberAndTheSameDigitsAsTextDiffer() {
        assertNotEquals(of(1), of("1"));
        assertNotEquals(of(1), of(1.0));
        assertNotEquals(of('1'), of("1"));
    }

    @Test
    void textCannotSpellAnotherValue() {
        assertNotEquals(of(3.0), of(Map.of("$double", "0x1.8p1")));
        assertNotEquals(of(3.0), of("{\"$double\":\"0x1.8p1\"}"));
        assertNotEquals(of(List.of("a", "b")), of(List.of("a\",\"b")));
    }

    @Test
    void aLoneSurrogateIsEscapedSoItsBytesDifferFromAQuestionMark() {
        assertEquals("\"\\ud800\"", of("\uD800"));
        assertFalse(Arrays.equals(of("\uD800").getBytes(StandardCharsets.UTF_8),
                of("?").getBytes(StandardCharsets.UTF_8)));
    }

    // ---- numbers ----

    @Test
    void negativeZeroDiffersFromZero() {
        assertNotEquals(of(0.0), of(-0.0));
        assertNotEquals(of(0.0f), of(-0.0f));
    }

    @Test
    void doublesAreKeyedByTheirExactBits() {
        assertEquals("{\"$double\":\"0x1.8p1\"}", of(3.0));
        assertNotEquals(of(0.1 + 0.2), of(0.3));
    }

    @Test
    void everyNanGivesTheSameKey() {
        assertEquals(of(Double.NaN), of(Double.longBitsToDouble(0x7ff8_0000_0000_0001L)));
        assertEquals(of(Double.NaN), of(0.0 / 0.0));
    }

    @Test
    void aFloatDiffersFromTheDoubleOfTheSameValue() {
        assertEquals("{\"$float\":\"0x1.8p1\"}", of(3.0f));
        assertNotEquals(of(3.0f), of(3.0));
    }

    @Test
    void bigDecimalsKeepTheirScale() {
        assertEquals("{\"$decimal\":\"1.50\"}", of(new BigDecimal("1.50")));
        assertNotEquals(of(new BigDecimal("1.50")), of(new BigDecimal("1.5")));
        assertEquals("{\"$decimal\":\"0.00000001\"}", of(new BigDecimal("1E-8")));
    }

    @Test
    void aBigDecimalWithANegativeScaleDiffersFromTheSameValueWithScaleZero() {
        assertEquals("{\"$decimal\":\"1E+3\"}", of(new BigDecimal("1E+3")));
        assertNotEquals(of(new BigDecimal("1E+3")), of(new BigDecimal("1000")));
    }

    @Test
    void bigDecimalsInASetKeepAllTheirDigits() {
        Set<BigDecimal> one = Set.of(new BigDecimal("12345678901234567.1"));
        Set<BigDecimal> other = Set.of(new BigDecimal("12345678901234567.2"));

        assertNotEquals(of(one), of(other));
        assertEquals("{\"$set\":[{\"$decimal\":\"12345678901234567.1\"}]}", of(one));
    }

    // ---- dates and other JDK values ----

    @Test
    void zonedDateTimesKeepTheirZone() {
        ZonedDateTime paris = ZonedDateTime.of(2024, 1, 15, 12, 0, 0, 0, ZoneId.of("Europe/Paris"));
        ZonedDateTime lagos = ZonedDateTime.of(2024, 1, 15, 12, 0, 0, 0, ZoneId.of("Africa/Lagos"));

        assertNotEquals(paris.plusMonths(6).toInstant(), lagos.plusMonths(6).toInstant());
        assertEquals("{\"$jdk\":\"java.time.ZonedDateTime\",\"value\":\"2024-01-15T12:00+01:00[Europe/Paris]\"}",
                of(paris));
        assertNotEquals(of(paris), of(lagos));
    }

    @Test
    void aDateDiffersFromItsIsoText() {
        assertEquals("{\"$jdk\":\"java.time.LocalDate\",\"value\":\"2024-03-01\"}", of(LocalDate.of(2024, 3, 1)));
        assertNotEquals(of(LocalDate.of(2024, 3, 1)), of("2024-03-01"));
    }

    @Test
    void optionalsKeepTheirValue() {
        assertEquals("{\"$optional\":null}", of(Optional.empty()));
        assertNotEquals(of(Optional.of(1)), of(Optional.of(2)));
        assertNotEquals(of(Optional.of(1)), of(1));
    }

    @Test
    void aJdkTypeWithoutARuleIsRefusedNamingTheType() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> of(new Holder(new AtomicInteger(1))));

        assertTrue(error.getMessage().contains("value.held (java.util.concurrent.atomic.AtomicInteger)"),
                error.getMessage());
    }

    @Test
    void aClassExtendingAJdkClassWithFieldsIsRefused() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(new SeededRandom()));

        assertTrue(error.getMessage().contains("java.util.Random"), error.getMessage());
    }

    // ---- arrays and collections ----

    @Test
    void arraysAreWrittenInOrderWithTheirComponentType() {
        assertEquals("{\"$array\":\"int\",\"items\":[3,1,2]}", of(new int[] {3, 1, 2}));
        assertNotEquals(of(new int[] {1, 2}), of(new int[] {2, 1}));
        assertNotEquals(of(new String[] {"a"}), of(List.of("a")));
        assertEquals("{\"$array\":\"byte\",\"base64\":\"AQI=\"}", of(new byte[] {1, 2}));
    }

    @Test
    void listsKeepTheirOrder() {
        assertEquals("[\"b\",\"a\"]", of(List.of("b", "a")));
        assertNotEquals(of(List.of("a", "b")), of(List.of("b", "a")));
    }

    @Test
    void aHashSetOfAThousandStringsGivesTheSameJsonAsATreeSetOfThem() {
        List<String> strings = IntStream.range(0, 1000).mapToObj(i -> "name-" + (i * 7919 % 1000)).toList();
        Set<String> hashed = new HashSet<>(strings);
        Set<String> sorted = new TreeSet<>(strings);

        assertEquals(1000, hashed.size());
        assertEquals(of(sorted), of(hashed));
        assertEquals(of(sorted), of(Set.copyOf(strings)));
    }

    @Test
    void setsInsideRecordsAreSorted() {
        Tagged one = new Tagged("x", new LinkedHashSet<>(List.of("b", "a")));
        Tagged other = new Tagged("x", new LinkedHashSet<>(List.of("a", "b")));

        assertEquals(one, other);
        assertEquals(of(other), of(one));
        assertTrue(of(one).contains("{\"$set\":[\"a\",\"b\"]}"), of(one));
    }

    @Test
    void setFieldsOfATaskObjectAreSorted() {
        Regions one = new Regions(new LinkedHashSet<>(List.of("US", "EU")));
        Regions other = new Regions(new LinkedHashSet<>(List.of("EU", "US")));

        assertEquals(StateJson.ofReceiver(other, PLAIN), StateJson.ofReceiver(one, PLAIN));
    }

    @Test
    void mapKeysOfNonStringTypesAreKeptApartAndSorted() {
        Map<Object, String> map = new HashMap<>();
        map.put(10, "ten");
        map.put(9, "nine");
        map.put("9", "text");
        map.put(LocalDate.of(2024, 1, 1), "day");
        map.put(new Days(1), "record");

        assertEquals("{\"$map\":[[\"9\",\"text\"],[10,\"ten\"],[9,\"nine\"],[{\"$jdk\":\"java.time.LocalDate\","
                + "\"value\":\"2024-01-01\"},\"day\"],[{\"$record\":"
                + "\"dev.dag.internal.cache.state.StateJsonTest$Days\","
                + "\"fields\":{\"count\":1}},\"record\"]]}", of(map));
        assertNotEquals(of(Map.of(1, "a")), of(Map.of("1", "a")));
    }

    @Test
    void mapInsertionOrderDoesNotChangeTheJson() {
        Map<Object, Object> ba = new LinkedHashMap<>();
        ba.put(new Days(2), List.of(2));
        ba.put(new Days(1), List.of(1));
        Map<Object, Object> ab = new LinkedHashMap<>();
        ab.put(new Days(1), List.of(1));
        ab.put(new Days(2), List.of(2));

        assertEquals(of(ab), of(ba));
    }

    @Test
    void aNullValueDiffersFromAMissingKey() {
        Map<String, Object> withNull = new HashMap<>();
        withNull.put("a", null);

        assertEquals("{\"$map\":[[\"a\",null]]}", of(withNull));
        assertNotEquals(of(Map.of()), of(withNull));
    }

    // ---- refused values ----

    @Test
    void aConnectionIsRefusedWithThePathToIt() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> StateJson.of(new Config("sales", connection()), PLAIN, "argument.config"));

        assertTrue(error.getMessage().contains("argument.config.connection (java.sql.Connection)"),
                error.getMessage());
        assertTrue(error.getMessage().contains("transient"), error.getMessage());
        assertTrue(error.getMessage().contains("ignore:"), error.getMessage());
    }

    @Test
    void thePathOfARefusedValueNamesListIndexesAndMapKeys() {
        Object value = Map.of("main", List.of("x", new Config("sales", connection())));

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(value));
        assertTrue(error.getMessage().contains("value[\"main\"][1].connection (java.sql.Connection)"),
                error.getMessage());
    }

    @Test
    void anObjectWithOnlyItsIdentityIsRefused() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(new Marker()));

        assertTrue(error.getMessage().contains("value (" + Marker.class.getName() + ")"), error.getMessage());
        assertTrue(error.getMessage().contains("identity"), error.getMessage());
    }

    @Test
    void aFieldlessObjectThatOverridesEqualsIsItsClassName() {
        assertEquals("{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$Upper\",\"fields\":{}}",
                of(new Upper()));
        assertEquals("{\"$record\":\"dev.dag.internal.cache.state.StateJsonTest$Empty\",\"fields\":{}}",
                of(new Empty()));
    }

    @Test
    void aFieldlessReceiverIsItsClassName() {
        assertEquals("{\"$object\":\"dev.dag.internal.cache.state.StateJsonTest$Marker\",\"fields\":{}}",
                StateJson.ofReceiver(new Marker(), PLAIN));
    }

    @Test
    void aFieldlessObjectHeldByAReceiverIsStillRefused() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> StateJson.ofReceiver(new Holder(new Marker()), PLAIN));

        assertTrue(error.getMessage().contains("receiver.held (" + Marker.class.getName() + ")"), error.getMessage());
    }

    @Test
    void aListContainingItselfIsRefusedAsACycle() {
        List<Object> list = new ArrayList<>();
        list.add("a");
        list.add(list);

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(list));
        assertTrue(error.getMessage().contains("value[1]"), error.getMessage());
        assertTrue(error.getMessage().contains("cycle"), error.getMessage());
    }

    @Test
    void anObjectGraphWithABackReferenceIsRefusedAsACycle() {
        Node root = new Node("root");
        Node child = new Node("child");
        root.children.add(child);
        child.parent = root;

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(root));
        assertTrue(error.getMessage().contains("value.children[0].parent"), error.getMessage());
        assertTrue(error.getMessage().contains("cycle"), error.getMessage());
    }

    @Test
    void aValueHeldTwiceIsNotACycle() {
        List<String> shared = List.of("a");

        assertEquals("[[\"a\"],[\"a\"]]", of(List.of(shared, shared)));
    }

    @Test
    void nestingDeeperThanTheCapIsRefused() {
        Object deep = "leaf";
        for (int i = 0; i < StateJson.MAX_DEPTH + 10; i++) {
            deep = List.of(deep);
        }
        Object tooDeep = deep;

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(tooDeep));
        assertTrue(error.getMessage().contains("levels deep"), error.getMessage());
    }

    // ---- lambdas ----

    @Test
    void lambdasDifferingOnlyInACapturedValueDiffer() {
        String three = StateJson.of(above(3), LAMBDAS);

        assertNotEquals(three, StateJson.of(above(8), LAMBDAS));
        assertEquals(three, StateJson.of(above(3), LAMBDAS));
        assertTrue(three.contains("\"captured\":{\"arg$1\":{\"$secret\":"), three);
    }

    static LongPredicate unlocks(long pin) {
        return entered -> entered == pin;
    }

    static Predicate<byte[]> signedWith(byte[] key) {
        return message -> message.length == key.length;
    }

    /**
     * A captured variable has no name dag could read, so a captured number or character, or an array of them, may
     * be a PIN or a key, as a captured text may be a password: each counts in the key by its keyed hash only.
     */
    @Test
    void numbersAndKeyBytesALambdaCapturedAreWrittenAsSecrets() {
        String pin = StateJson.of(unlocks(480_915_273_311L), LAMBDAS);
        String key = StateJson.of(signedWith(new byte[] {17, 42, 99}), LAMBDAS);

        // the whole captured value is one keyed hash (its hex digits may hold "42" by chance: the key is the machine's)
        String onlyASecret = ".*\"captured\":\\{\"arg\\$1\":\\{\"\\$secret\":\"[0-9a-f]{64}\"}}}";
        assertTrue(pin.matches(onlyASecret), pin);
        assertTrue(key.matches(onlyASecret), key);
        assertNotEquals(pin, StateJson.of(unlocks(480_915_273_312L), LAMBDAS), "a changed PIN changes the key");
        assertNotEquals(key, StateJson.of(signedWith(new byte[] {17, 42, 98}), LAMBDAS));
        assertEquals(pin, StateJson.of(unlocks(480_915_273_311L), LAMBDAS));
    }

    static Predicate<String> pinOf(Map<String, Long> pins) {
        return user -> pins.containsKey(user);
    }

    static Predicate<String> oneOf(List<String> tokens) {
        return tokens::contains;
    }

    /** A list or map of such values has no names either: a map of PINs by user, a list of tokens. */
    @Test
    void listsAndMapsOfTextsAndNumbersALambdaCapturedAreWrittenAsSecrets() {
        String pins = StateJson.of(pinOf(Map.of("alice", 480_915_273_311L)), LAMBDAS);
        String tokens = StateJson.of(oneOf(List.of("tok-7Hq2Zx")), LAMBDAS);

        assertFalse(pins.contains("480915273311") || pins.contains("alice"), pins);
        assertFalse(tokens.contains("tok-7Hq2Zx"), tokens);
        assertNotEquals(pins, StateJson.of(pinOf(Map.of("alice", 480_915_273_312L)), LAMBDAS));
        assertNotEquals(tokens, StateJson.of(oneOf(List.of("tok-7Hq2Zy")), LAMBDAS));
    }

    @Test
    void lambdasWithOtherCodeDiffer() {
        assertNotEquals(StateJson.of(above(3), LAMBDAS), StateJson.of(below(3), LAMBDAS));
    }

    @Test
    void lambdasAreRefusedWithoutACodeFingerprint() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(above(3)));

        assertTrue(error.getMessage().startsWith("cannot hash value ("), error.getMessage());
        assertTrue(error.getMessage().contains("lambda"), error.getMessage());
    }

    @Test
    void aLambdaWhoseCodeCannotBeToldApartIsRefusedWhereverItSitsNamingThePathAndTheFix() {
        StateRules untold = new StateRules(value -> null, value -> {
            throw new IllegalArgumentException("it is one of 2 lambdas of the same interface in dev.x.Flows");
        }, Map.of());

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> StateJson.of(List.of(above(3)), untold, "argument.f"));

        assertTrue(error.getMessage().startsWith("cannot hash argument.f[0] ("), error.getMessage());
        assertTrue(error.getMessage().contains("one of 2 lambdas"), error.getMessage());
        assertTrue(error.getMessage().contains("Serializable"), error.getMessage());
    }

    // ---- values the engine hashes itself ----

    @Test
    void leafTokensReplaceTheValuesTheEngineHashesItself() {
        StateRules rules = new StateRules(value -> value instanceof FakeTable table
                ? Map.of("$input", "key-of-" + table.name) : null, value -> null, Map.of());

        assertEquals("[{\"$token\":{\"$map\":[[\"$input\",\"key-of-orders\"]]}}]",
                StateJson.of(List.of(new FakeTable("orders")), rules));
        assertNotEquals(StateJson.of(new Holder(new FakeTable("orders")), rules),
                StateJson.of(new Holder(new FakeTable("returns")), rules));
    }

    @Test
    void aTokenDiffersFromTheSameDataPassedAsAValue() {
        StateRules rules = new StateRules(value -> value instanceof FakeTable ? "orders" : null, value -> null,
                Map.of());

        assertNotEquals(StateJson.of(new FakeTable("orders"), rules), StateJson.of("orders", rules));
    }

    // ---- determinism ----

    @Test
    void theJsonIsExactlyThisTextOnEveryRun() {
        Tagged tagged = new Tagged("t", Set.of("c", "a", "b"));
        Map<String, Object> value = Map.of("tagged", tagged, "weights", Map.of(2, 0.5, 1, 1.5));

        assertEquals("{\"$map\":[[\"tagged\",{\"$record\":\"dev.dag.internal.cache.state.StateJsonTest$Tagged\","
                + "\"fields\":{\"name\":\"t\",\"tags\":{\"$set\":[\"a\",\"b\",\"c\"]}}}],[\"weights\",{\"$map\":[[1,"
                + "{\"$double\":\"0x1.8p0\"}],[2,{\"$double\":\"0x1.0p-1\"}]]}]]}", of(value));
        assertArrayEquals(of(value).getBytes(StandardCharsets.UTF_8),
                of(Map.copyOf(value)).getBytes(StandardCharsets.UTF_8));
    }
}
